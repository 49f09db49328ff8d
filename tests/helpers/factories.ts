import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AccessPage } from '../../contracts/roles.js';
import { ACCESS_PAGES } from '../../contracts/roles.js';
import { users } from '../../server/db/schema/index.js';
import { hashPassword } from '../../server/lib/passwords.js';
import { startSession } from '../../server/modules/accounts/session.service.js';
import { transfer } from '../../server/modules/ledger/ledger.service.js';
import type { App } from '../../server/types.js';

export const DEFAULT_PASSWORD = 'Secret#123';
let cachedHash: Promise<string> | undefined;
let counter = 0;

export interface TestUser {
  id: string;
  email: string;
  phoneNumber: string;
  fullName: string;
  password: string;
  token: string;
  /** Headers that authenticate as this user (the original app's bare token form). */
  headers: { authorization: string };
}

/** Inserts a verified player (or admin) directly, with an optional opening balance in rupees. */
export async function createPlayer(
  app: App,
  o: {
    balance?: number;
    role?: 'user' | 'admin';
    accessPages?: AccessPage[];
    verified?: boolean;
    email?: string;
    phoneNumber?: string;
    fullName?: string;
    password?: string;
    referredBy?: string;
  } = {},
): Promise<TestUser> {
  counter += 1;
  const tag = `${process.env.VITEST_POOL_ID ?? 0}${counter}${randomBytes(3).toString('hex')}`;
  const password = o.password ?? DEFAULT_PASSWORD;
  const passwordHash = o.password ? await hashPassword(o.password) : await (cachedHash ??= hashPassword(DEFAULT_PASSWORD));
  const [row] = await app.db
    .insert(users)
    .values({
      fullName: o.fullName ?? 'Test Player',
      email: o.email ?? `player${tag}@example.com`,
      phoneNumber: o.phoneNumber ?? `+9198${String(Date.now() + counter).slice(-8)}`,
      passwordHash,
      role: o.role ?? 'user',
      accessPages: o.accessPages ?? (o.role === 'admin' ? [...ACCESS_PAGES] : []),
      verifiedAt: o.verified === false ? null : new Date(),
      referralCode: `R${tag}`.slice(0, 16),
      referredBy: o.referredBy ?? null,
    })
    .returning();
  if (o.balance && o.balance > 0) {
    await app.db.transaction((tx) =>
      transfer(tx, {
        from: { system: 'cash' },
        to: { user: row.id },
        amount: Math.round(o.balance! * 100),
        kind: 'adjustment',
        reference: `test:${row.id}`,
        idempotencyKey: `test-opening:${row.id}`,
        at: new Date(),
      }),
    );
  }
  // A test admin is fully signed in: as if with the second factor, which ADMIN_2FA would ask for.
  const { accessToken: token } = await startSession(app.db, app.config, row, app.clock.now(), row.role === 'admin');
  return { id: row.id, email: row.email, phoneNumber: row.phoneNumber, fullName: row.fullName, password, token, headers: { authorization: token } };
}

export const createAdmin = (app: App, o: Parameters<typeof createPlayer>[1] = {}) => createPlayer(app, { role: 'admin', ...o });

export async function reloadUser(app: App, id: string) {
  const [row] = await app.db.select().from(users).where(eq(users.id, id));
  return row;
}
