/*
 * The site the browser benchmarks load: the real server in production mode on a fresh embedded
 * database, with a fake mail server for its one-time codes, and a player signed up through the
 * real path. Shared by run.ts (Lighthouse) and paint.ts (paints on a slowed browser).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { startFakeSmtp } from '../../tests/fakes/smtp.js';
import { freePort, waitHealthy } from '../lib.js';
import { SERVER_ARGS, SERVER_ENV } from '../../scripts/lib/server-command.mjs';

export interface Site {
  base: string;
  /** Signs a new player up and verifies them; answers what signs them in. */
  signUp(fullName: string, password: string): Promise<{ email: string; password: string }>;
  /** Waits (up to two minutes) until the colour game has a result to show, as on a running site. */
  firstColourResult(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the server on a free port; it serves the build in WEB_DIR if that is set, else this checkout's. */
export async function startSite(name: string): Promise<Site> {
  const smtp = await startFakeSmtp();
  const work = mkdtempSync(join(os.tmpdir(), `bench-${name}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...process.env,
      ...SERVER_ENV,
      NODE_ENV: 'production',
      APP_SECRET: `${name}-secret-${name}-secret-0123456789-0123456789`,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(work, 'data'),
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: smtp.url,
      OTP_CHANNELS: 'email',
      LOG_LEVEL: 'warn',
      COLOR_CHAIN_LENGTH: '20000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const close = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await smtp.close();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    await waitHealthy(base, () => server.exitCode !== null);
  } catch (err) {
    await close();
    throw err;
  }

  const post = async (url: string, body: object) => {
    const res = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { userId?: string };
  };

  return {
    base,
    close,
    async signUp(fullName, password) {
      const email = `${name}.${Date.now().toString(36)}@bench.test`;
      const { userId } = await post('/api/v1/users/register', {
        fullName,
        password,
        email,
        phoneNumber: `+9197${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
        ref_by: null,
        ageConfirmed: true,
      });
      const code = /\b(\d{6})\b/.exec((await smtp.waitFor(email)).subject)?.[1];
      await post('/api/v1/otp/verify', { userId, emailOTP: code });
      return { email, password };
    },
    async firstColourResult() {
      for (let i = 0; i < 70; i++) {
        const history = (await (await fetch(`${base}/api/v1/color/history?page=1`)).json()) as { data?: { periods?: unknown[] } };
        if (history.data?.periods?.length) return;
        await new Promise((r) => setTimeout(r, 2000));
      }
    },
  };
}
