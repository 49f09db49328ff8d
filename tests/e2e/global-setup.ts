import { ensurePaymentTarget } from '../helpers/payment-target';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { SERVER_ARGS, serverProcessEnv } from '../../scripts/lib/server-command.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakeBotApi } from '../fakes/telegram';
import { freePort } from '../helpers/server-process';

export const E2E_ADMIN = { email: 'admin@e2e.test', phone: '+919000000001', password: 'Admin#12345678' };
/** The channel the fake bot administers from the start. */
export const E2E_CHANNEL = { id: -1007770001, title: 'Rupee Tips', username: 'rupee_tips' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The fake Telegram Bot API the server talks to; GET <botURL>/__calls lists what it was asked. */
    botURL: string;
  }
}

/** Builds the web app into a temporary folder and runs the real server on a fresh embedded database. */
export default async function setup(project: TestProject) {
  const work = mkdtempSync(join(tmpdir(), 'rupee-e2e-'));
  const webDir = join(work, 'web');
  // The production bundle, as ./run start builds it (the test runner's NODE_ENV=test would give
  // React's development build).
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--mode', 'production', '--outDir', webDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (build.status !== 0) throw new Error('vite build failed');
  const bot = await startFakeBotApi();
  bot.addToChannel(E2E_CHANNEL);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...serverProcessEnv(port, join(work, 'data')),
      WEB_DIR: webDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      DEV_OUTBOX: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '10000',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PHONE: E2E_ADMIN.phone,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SUPPORT_WHATSAPP: '+919000000099',
      SUPPORT_TELEGRAM: 'rupeearcade_help',
      // Colour periods short enough for a test to see one end.
      TELEGRAM_BOT_TOKEN: bot.token,
      TELEGRAM_API_URL: bot.url,
      ROUND_SECONDS: '10',
      COLOR_CHAIN_LENGTH: '50000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ok = await fetch(`${baseURL}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('server did not become healthy in 60 s');
    await new Promise((r) => setTimeout(r, 300));
  }
  // Somewhere to pay by UPI, as an operator sets up first: deposits of a method without a QR code are refused.
  const login = (await (
    await fetch(`${baseURL}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
    })
  ).json()) as { data: { accessToken: string } };
  await ensurePaymentTarget(baseURL, login.data.accessToken);
  project.provide('baseURL', baseURL);
  project.provide('botURL', bot.url);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await bot.close();
    rmSync(work, { recursive: true, force: true });
  };
}
