import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createMessenger } from './messaging.service.js';

/** A messenger with no transport configured, so every message goes to the log. */
function logOnlyMessenger(nodeEnv: 'production' | 'development') {
  const base = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'rupee-messaging-')),
    APP_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    DEV_OUTBOX: '0',
  });
  // Built by hand: whatever else a production configuration must hold, the log stays safe.
  const config = { ...base, NODE_ENV: nodeEnv, isProduction: nodeEnv === 'production', devOutbox: false };
  const info = vi.fn();
  const log = { info, warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
  // With the dev outbox off the database is never touched.
  const messenger = createMessenger({ config, db: {} as Db, log });
  return { messenger, logged: () => JSON.stringify(info.mock.calls) };
}

const message = {
  channel: 'email' as const,
  to: 'asha@example.com',
  subject: 'Your Rupee Arcade password reset code: 482913',
  text: 'Your Rupee Arcade password reset code is 482913.\n\nIt expires in 10 minutes.',
  code: '482913',
};

describe('the log outbox', () => {
  it('never writes a code to a production log', async () => {
    const { messenger, logged } = logOnlyMessenger('production');
    await messenger.send(message);
    expect(logged()).not.toContain('482913');
    expect(logged()).toContain('code redacted');
    expect(logged()).toContain('asha@example.com');
    expect(logged()).toContain('password reset code');
  });

  it('writes the whole message in development, where the log is the outbox', async () => {
    const { messenger, logged } = logOnlyMessenger('development');
    await messenger.send(message);
    expect(logged()).toContain('482913');
  });
});
