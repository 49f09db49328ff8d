import { mkdtempSync } from 'node:fs';
import type { SQL } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app.js';
import type { Clock } from '../../server/lib/clock.js';
import { loadConfig, type Env } from '../../server/config.js';
import { walletCoinRates, walletQrCodes } from '../../server/db/schema/index.js';
import { checkLedger } from '../../server/modules/ledger/index.js';
import type { App } from '../../server/types.js';
import { testDatabase } from './db.js';
import { createAdmin, type TestUser } from './factories.js';

/**
 * Builds the app on the worker's test database, as a value to call through `inject`. `extend`
 * may add routes (tests of plugins) before the app is sealed.
 */
export async function createTestApp(overrides: Partial<Env> = {}, env: Record<string, string> = {}, extend?: (app: App) => void, clock?: Clock): Promise<App> {
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
  const app = await buildApp({ config, database: await testDatabase(), logger: false, clock });
  extend?.(app);
  await app.ready();
  return app;
}

export interface TestAppOptions {
  /** Settings as parsed values (after validation). */
  overrides?: Partial<Env>;
  /** Settings as environment text (validated like a real start). */
  env?: Record<string, string>;
  /** After every test, the ledger's invariants must hold (money tests). */
  checkLedgerAfterEach?: boolean;
  /** A clock the tests move themselves (lib/clock.ts manualClock). */
  clock?: Clock;
  /**
   * Whether players have somewhere to pay (a UPI code, crypto codes and a rate, as an operator sets
   * them up): deposits are refused without. On by default; off for tests of the QR codes themselves.
   */
  paymentTargets?: boolean;
}

/** The crypto codes tests pay to, and the rate of their coin: ₹85.00 for one USDT. */
export const TEST_CRYPTO_TARGETS = [
  { coin: 'usdt', network: 'trc20', payTo: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
  { coin: 'usdt', network: 'erc20', payTo: '0x52908400098527886E0F7030069857D2E4169EE7' },
] as const;
export const TEST_USDT_RATE_PAISE = 8_500;

/**
 * A UPI code, two crypto codes (USDT on TRC20 and on ERC20) and the USDT rate on record, as an
 * operator sets them up (no image file: nothing here serves it).
 */
export async function seedPaymentTargets(app: App): Promise<void> {
  const image = { mimeType: 'image/png', sizeBytes: 1, createdBy: null };
  await app.db
    .insert(walletQrCodes)
    .values({ kind: 'upi', title: 'Test upi', payTo: null, coin: null, network: null, fileName: 'test-upi.png', ...image })
    .onConflictDoNothing();
  for (const t of TEST_CRYPTO_TARGETS) {
    await app.db
      .insert(walletQrCodes)
      .values({ kind: 'crypto', title: `Test ${t.coin} ${t.network}`, ...t, fileName: `test-${t.coin}-${t.network}.png`, ...image })
      .onConflictDoNothing();
  }
  await app.db.insert(walletCoinRates).values({ coin: 'usdt', rate: TEST_USDT_RATE_PAISE, setBy: null }).onConflictDoNothing();
}

/**
 * The set-up of a server test file in one line: builds the app before the file's tests, hands
 * it to `use` (which may also make the file's fixtures), checks the ledger after each test when asked, and closes the app at the end.
 */
export function useTestApp(use: (app: App) => unknown, options: TestAppOptions = {}): void {
  let app: App | undefined;
  beforeAll(async () => {
    app = await createTestApp(options.overrides, options.env, undefined, options.clock);
    if (options.paymentTargets !== false) await seedPaymentTargets(app);
    await use(app);
  });
  if (options.checkLedgerAfterEach) {
    afterEach(async () => {
      expect(await checkLedger(app!.db)).toEqual([]);
    });
  }
  afterAll(async () => {
    await app?.close();
  });
}

/** Runs SQL and answers its rows (the result type differs between PGlite and pg). */
export async function rows<T>(app: App, query: SQL): Promise<T[]> {
  return ((await app.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** useTestApp with one admin made for the file: `useTestAppWithAdmin((a, ad) => ((app = a), (admin = ad)))`. */
export function useTestAppWithAdmin(use: (app: App, admin: TestUser) => unknown, options: TestAppOptions = {}): void {
  useTestApp(async (a) => use(a, await createAdmin(a)), options);
}
