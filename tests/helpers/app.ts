import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app.js';
import { loadConfig, type Env } from '../../server/config.js';
import type { App } from '../../server/types.js';
import { testDatabase } from './db.js';

/** Builds the app on the worker's test database, as a value to call through `inject`. */
/** `extend` may add routes (tests of plugins) before the app is sealed. */
export async function createTestApp(overrides: Partial<Env> = {}, env: Record<string, string> = {}, extend?: (app: App) => void): Promise<App> {
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'rupee-test-')),
      APP_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      DEV_OUTBOX: '1',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '100000',
      ...env,
    },
    overrides,
  );
  const app = await buildApp({ config, database: await testDatabase(), logger: false });
  extend?.(app);
  await app.ready();
  return app;
}
