import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { manualClock, type Clock } from '../../server/lib/clock.js';
import { seal, unseal } from '../../server/lib/seal.js';
import { colorEngineJob } from '../../server/modules/color/color.engine.js';
import { currentPeriod } from '../../server/modules/color/color.rules.js';
import { settleDue } from '../../server/modules/color/color.service.js';
import type { App } from '../../server/types.js';
import { rows } from '../helpers/app.js';
import { contextOf } from '../../server/lib/context.js';
import { resetDatabase, testDatabase } from '../helpers/db.js';
import { createPlayer, type TestUser } from '../helpers/factories.js';
import { pastSeedGuard, refusal } from '../helpers/past-guards.js';

// Seeds prove themselves (docs/fairness.md, decision 25): a seed written into the database in
// place of a published one is refused, not drawn from; the database refuses the write where it
// can; and the generated key lives apart from DATA_DIR. Runs on PGlite and, in the PostgreSQL
// pass, on a server.

const sha = (t: string) => createHash('sha256').update(t, 'utf8').digest('hex');
const SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** A server on the test database whose error log lines are kept in `log`. */
async function startApp(log: string[], env: Record<string, string> = {}, clock?: Clock): Promise<App> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'rupee-test-')),
    APP_SECRET: SECRET,
    LOG_LEVEL: 'error',
    RATE_LIMIT_MAX: '100000',
    ...env,
  });
  const app = await buildApp({
    config,
    database: await testDatabase(),
    logger: { level: 'error', stream: { write: (line: string) => void log.push(line) } },
    clock,
  });
  await app.ready();
  return app;
}

const metric = async (app: App, series: string) => {
  const line = (await app.inject({ url: '/metrics' })).body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};
/** The app's colour game, as its routes and engine see it at the test clock's now. */
const gameOf = (app: App, clock: Clock) => app.colorChains.game({ db: app.db, config: app.config, now: clock.now() });
const named = (log: string[], what: string) => log.filter((l) => l.includes('seed integrity') && l.includes(what));

describe('a colour chain’s seed proves itself against its terminal hash', () => {
  const clock = manualClock(new Date('2026-11-25T06:00:00.000Z'));
  const env = { ROUND_SECONDS: '60', COLOR_CHAIN_LENGTH: '100' };
  const apps: App[] = [];
  let player: TestUser;
  beforeAll(async () => {
    await resetDatabase(await testDatabase());
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });
  const bet = (app: App, period: string) =>
    app.inject({ method: 'POST', url: '/api/v1/color/bet', headers: player.headers, payload: { period, selection: 'big', amount: 10 } });

  it('a seed planted in clear in the live chain is not sealed at the next start, and the game draws nothing from it', async () => {
    const first = await startApp([], env, clock);
    apps.push(first);
    player = await createPlayer(first, { balance: 1000 });
    const game = await gameOf(first, clock);
    const open = currentPeriod(game, clock.now())!;
    clock.advance(open.start.getTime() + 5_000 - clock.now().getTime());
    expect((await bet(first, open.period)).statusCode).toBe(200);
    const [{ terminal_hash: terminalHash }] = await rows<{ terminal_hash: string }>(first, sql`SELECT terminal_hash FROM color_chains WHERE id = 1`);

    // A writer past the database's guard puts a seed of their own into the live chain, in clear.
    const planted = 'cd'.repeat(32);
    await pastSeedGuard(first, 'color_chains', sql`UPDATE color_chains SET seed = ${planted} WHERE id = 1`);

    // The running server goes on with the seed it proved when it loaded the chain: its results still verify.
    clock.advance(60_000);
    const [settled] = await settleDue({ db: first.db, now: clock.now() }, { game: await gameOf(first, clock) });
    let h = settled.hash;
    for (let i = 0; i < settled.seq; i++) h = sha(h);
    expect(h).toBe(terminalHash);

    // The next start does not seal it: it does not hash to the terminal hash. The log names the chain.
    const log: string[] = [];
    const restarted = await startApp(log, env, clock);
    apps.push(restarted);
    const [stored] = await rows<{ seed: string }>(restarted, sql`SELECT seed FROM color_chains WHERE id = 1`);
    expect(stored.seed).toBe(planted);
    expect(named(log, 'colour chain 1')).toHaveLength(1);
    expect(named(log, 'colour chain 1')[0]).toMatch(/terminal hash/);

    // A bet is refused, with a message, and nothing is staked.
    const now = currentPeriod(await gameOf(restarted, clock), clock.now())!;
    const refused = await bet(restarted, now.period);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ success: false, code: 'SEED_UNPROVEN' });
    expect(refused.json().message).toMatch(/does not match the commitment published for it/);

    // No period is drawn from it: settling refuses, and the engine settles nothing (and goes on running).
    clock.advance(120_000);
    const [{ n: before }] = await rows<{ n: number }>(restarted, sql`SELECT count(*)::int AS n FROM color_periods`);
    await expect(settleDue({ db: restarted.db, now: clock.now() }, { game: await gameOf(restarted, clock) })).rejects.toMatchObject({
      code: 'SEED_UNPROVEN',
      status: 503,
    });
    await colorEngineJob(restarted).run({ ...contextOf(restarted), leading: true });
    const [{ n: after }] = await rows<{ n: number }>(restarted, sql`SELECT count(*)::int AS n FROM color_periods`);
    expect(after).toBe(before);

    // The alert, on /metrics; and the chain is named in the log once, however often it is refused.
    expect(await metric(restarted, 'rupee_seed_integrity_failures')).toBe(1);
    expect(named(log, 'colour chain 1')).toHaveLength(1);
  });
});

describe('a seed pair’s server seed proves itself against its server seed hash', () => {
  const apps: App[] = [];
  let first: App;
  const log: string[] = [];
  beforeAll(async () => {
    await resetDatabase(await testDatabase());
    first = await startApp(log);
    apps.push(first);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  const start = (app: App, who: TestUser) =>
    app.inject({ method: 'POST', url: '/api/v1/chicken-road/start', headers: who.headers, payload: { betAmount: 10, difficulty: 'Easy' } });
  const spin = (app: App, who: TestUser) => app.inject({ method: 'POST', url: '/api/v1/spinner/spin', headers: who.headers });
  const pairOf = async (app: App, who: TestUser) =>
    (
      await rows<{ id: string; server_seed: string; nonce: number }>(
        app,
        sql`SELECT id, server_seed, nonce FROM seed_pairs WHERE user_id = ${who.id} AND active`,
      )
    )[0];
  const refusedAsUnproven = (res: { statusCode: number; json: () => { code?: string; message?: string } }) => {
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('SEED_UNPROVEN');
    expect(res.json().message).toMatch(/does not match the commitment published for it/);
  };

  it('another player’s sealed seed copied into a pair is refused by Chicken Road and the spinner', async () => {
    const other = await createPlayer(first, { balance: 100 });
    const victim = await createPlayer(first, { balance: 100 });
    await first.inject({ url: '/api/v1/fairness', headers: other.headers });
    await first.inject({ url: '/api/v1/fairness', headers: victim.headers });
    const copied = (await pairOf(first, other)).server_seed;
    await pastSeedGuard(first, 'seed_pairs', sql`UPDATE seed_pairs SET server_seed = ${copied} WHERE user_id = ${victim.id} AND active`);

    refusedAsUnproven(await start(first, victim));
    refusedAsUnproven(await spin(first, victim));
    // No nonce was taken, and the player who owns that seed still plays.
    expect((await pairOf(first, victim)).nonce).toBe(0);
    expect((await start(first, other)).statusCode).toBe(200);
    const pair = await pairOf(first, victim);
    expect(named(log, `seed pair ${pair.id}`)).toHaveLength(1);
    expect(await metric(first, 'rupee_seed_integrity_failures')).toBe(1);
  });

  it('a seed planted in clear is not sealed at the next start, and no game draws from it', async () => {
    const victim = await createPlayer(first, { balance: 100 });
    await first.inject({ url: '/api/v1/fairness', headers: victim.headers });
    const planted = 'ef'.repeat(32);
    await pastSeedGuard(first, 'seed_pairs', sql`UPDATE seed_pairs SET server_seed = ${planted} WHERE user_id = ${victim.id} AND active`);

    const restartLog: string[] = [];
    const restarted = await startApp(restartLog);
    apps.push(restarted);
    const pair = await pairOf(restarted, victim);
    expect(pair.server_seed).toBe(planted);
    expect(named(restartLog, `seed pair ${pair.id}`)).toHaveLength(1);
    expect(named(restartLog, `seed pair ${pair.id}`)[0]).toMatch(new RegExp(`player ${victim.id}`));

    refusedAsUnproven(await start(restarted, victim));
    refusedAsUnproven(await spin(restarted, victim));
    refusedAsUnproven(await start(restarted, victim));
    expect((await pairOf(restarted, victim)).nonce).toBe(0);
    expect(await metric(restarted, 'rupee_seed_integrity_failures')).toBe(1);
    expect(named(restartLog, `seed pair ${pair.id}`)).toHaveLength(1);
  });
});

describe('the database keeps chains and pairs as published (migration 0023)', () => {
  let app: App;
  let key: string;
  let player: TestUser;
  beforeAll(async () => {
    await resetDatabase(await testDatabase());
    app = await startApp([], { ROUND_SECONDS: '60', COLOR_CHAIN_LENGTH: '100' });
    key = app.config.keys.seeds;
    await app.inject({ url: '/api/v1/color/state' });
    player = await createPlayer(app, { balance: 100 });
    await app.inject({ url: '/api/v1/fairness', headers: player.headers });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses a changed chain seed and the deletion of a chain, and lets a seed in clear be sealed', async () => {
    const [chain] = await rows<{ seed: string; terminal_hash: string }>(app, sql`SELECT seed, terminal_hash FROM color_chains WHERE id = 1`);
    const seed = unseal(key, chain.seed)!;
    const cannotChange = /the seed of colour chain 1 cannot change/;
    expect(await refusal(app, sql`UPDATE color_chains SET seed = ${'ab'.repeat(32)} WHERE id = 1`)).toMatch(cannotChange);
    expect(await refusal(app, sql`UPDATE color_chains SET seed = ${seed} WHERE id = 1`)).toMatch(cannotChange);
    expect(await refusal(app, sql`UPDATE color_chains SET seed = ${seal(key, 'ab'.repeat(32))} WHERE id = 1`)).toMatch(cannotChange);
    expect(await refusal(app, sql`DELETE FROM color_chains WHERE id = 1`)).toMatch(/colour chain 1 stays on record/);
    expect(await refusal(app, sql`UPDATE color_chains SET id = 7 WHERE id = 1`)).toMatch(/colour chain 1 cannot change its number/);
    expect(
      await refusal(
        app,
        sql`INSERT INTO color_chains (id, seed, length, terminal_hash, round_seconds, "offset", made_at, published_at)
            VALUES (2, ${'ab'.repeat(32)}, 100, ${'0'.repeat(64)}, 60, 100, now(), now())`,
      ),
    ).toMatch(/colour chain 2 must be written with its seed sealed/);

    // A seed in clear (from before sealing) may be sealed, once; then it holds.
    await pastSeedGuard(app, 'color_chains', sql`UPDATE color_chains SET seed = ${seed} WHERE id = 1`);
    expect(await refusal(app, sql`UPDATE color_chains SET seed = ${'ab'.repeat(32)} WHERE id = 1`)).toMatch(cannotChange);
    expect(await refusal(app, sql`UPDATE color_chains SET seed = ${seal(key, seed)} WHERE id = 1`)).toBeNull();
    expect(await refusal(app, sql`UPDATE color_chains SET seed = ${seal(key, seed)} WHERE id = 1`)).toMatch(cannotChange);
    const [after] = await rows<{ seed: string; terminal_hash: string }>(app, sql`SELECT seed, terminal_hash FROM color_chains WHERE id = 1`);
    expect(unseal(key, after.seed)).toBe(seed);
    expect(after.terminal_hash).toBe(chain.terminal_hash);
  });

  it('refuses a changed server seed, hash or player, a nonce taken back, a retirement without the seed, and the deletion of a pair', async () => {
    const [pair] = await rows<{ id: string; server_seed: string }>(app, sql`SELECT id, server_seed FROM seed_pairs WHERE user_id = ${player.id} AND active`);
    const id = pair.id;
    const other = 'ab'.repeat(32);
    const seedFixed = new RegExp(`the server seed of active seed pair ${id} cannot change`);
    const commitment = new RegExp(`the commitment of seed pair ${id} cannot change`);
    expect(await refusal(app, sql`UPDATE seed_pairs SET server_seed = ${seal(key, other)} WHERE id = ${id}`)).toMatch(seedFixed);
    expect(await refusal(app, sql`UPDATE seed_pairs SET server_seed = ${other} WHERE id = ${id}`)).toMatch(seedFixed);
    expect(await refusal(app, sql`UPDATE seed_pairs SET server_seed_hash = ${sha(other)} WHERE id = ${id}`)).toMatch(commitment);
    expect(await refusal(app, sql`UPDATE seed_pairs SET server_seed = ${other}, server_seed_hash = ${sha(other)} WHERE id = ${id}`)).toMatch(commitment);
    const stranger = await createPlayer(app);
    expect(await refusal(app, sql`UPDATE seed_pairs SET user_id = ${stranger.id} WHERE id = ${id}`)).toMatch(commitment);
    expect(await refusal(app, sql`UPDATE seed_pairs SET active = false, revealed_at = now(), server_seed = ${other} WHERE id = ${id}`)).toMatch(
      new RegExp(`seed pair ${id} is retired only by revealing a server seed that hashes to its server seed hash`),
    );
    expect(await refusal(app, sql`UPDATE seed_pairs SET nonce = nonce + 2 WHERE id = ${id}`)).toBeNull();
    expect(await refusal(app, sql`UPDATE seed_pairs SET nonce = nonce - 1 WHERE id = ${id}`)).toMatch(
      new RegExp(`the nonce of seed pair ${id} cannot go back`),
    );
    expect(await refusal(app, sql`DELETE FROM seed_pairs WHERE id = ${id}`)).toMatch(new RegExp(`seed pair ${id} stays on record`));
    expect(
      await refusal(
        app,
        sql`INSERT INTO seed_pairs (user_id, server_seed, server_seed_hash, client_seed) VALUES (${stranger.id}, ${other}, ${sha(other)}, 'chosen')`,
      ),
    ).toMatch(/must be written with its server seed sealed/);

    // Rotating reveals the seed that hashes to the commitment: the database lets it through, and keeps it so.
    const rotated = await app.inject({ method: 'POST', url: '/api/v1/fairness/rotate', headers: player.headers, payload: {} });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const retired = new RegExp(`seed pair ${id} is retired: its revealed server seed stays as it is`);
    expect(await refusal(app, sql`UPDATE seed_pairs SET server_seed = ${other} WHERE id = ${id}`)).toMatch(retired);
    expect(await refusal(app, sql`UPDATE seed_pairs SET active = true, revealed_at = NULL WHERE id = ${id}`)).toMatch(retired);
  });
});

describe('the generated key lives apart from DATA_DIR', () => {
  const roots: string[] = [];
  const root = () => {
    const dir = mkdtempSync(join(tmpdir(), 'rupee-key-'));
    roots.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of roots) rmSync(dir, { recursive: true, force: true });
  });
  const configFor = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', COLOR_CHAIN_LENGTH: '100', ...env });
  const filesUnder = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)]));

  it('a server started on a DATA_DIR keeps no key in it: the key is in secrets/ beside it', async () => {
    const top = root();
    const dataDir = join(top, 'data');
    const config = configFor({ DATA_DIR: dataDir });
    const file = join(top, 'secrets', 'data.json');
    expect(config.secretsFile).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const secret = (JSON.parse(readFileSync(file, 'utf8')) as { app: string }).app;
    expect(secret.length).toBeGreaterThanOrEqual(32);

    // The embedded database in DATA_DIR, with sealed seeds in it: a colour chain and a player's pair.
    const app = await buildApp({ config, logger: false });
    try {
      await app.ready();
      expect((await app.inject({ url: '/api/v1/color/state' })).statusCode).toBe(200);
      const p = await createPlayer(app);
      expect((await app.inject({ url: '/api/v1/fairness', headers: p.headers })).statusCode).toBe(200);
    } finally {
      await app.close();
    }

    const files = filesUnder(dataDir);
    expect(existsSync(join(dataDir, 'pglite'))).toBe(true);
    expect(files.filter((f) => f.endsWith('secrets.json'))).toEqual([]);
    for (const f of files) {
      const bytes = readFileSync(f);
      for (const k of [secret, config.keys.seeds, config.keys.accessToken]) expect(bytes.includes(k), `${f} holds a key`).toBe(false);
    }
    // Started again, it finds its key there.
    expect(configFor({ DATA_DIR: dataDir }).keys).toEqual(config.keys);
    // Another DATA_DIR has a key of its own.
    expect(configFor({ DATA_DIR: join(root(), 'data') }).keys.seeds).not.toBe(config.keys.seeds);
  }, 60_000);

  it('moves the key of an install from before SECRETS_FILE out of DATA_DIR, and says so', () => {
    const top = root();
    const dataDir = join(top, 'data');
    mkdirSync(dataDir);
    const secret = 'an-older-install-secret-0123456789-abcdefghij';
    writeFileSync(join(dataDir, 'secrets.json'), JSON.stringify({ app: secret }));
    const config = configFor({ DATA_DIR: dataDir });
    expect(existsSync(join(dataDir, 'secrets.json'))).toBe(false);
    expect(JSON.parse(readFileSync(join(top, 'secrets', 'data.json'), 'utf8'))).toEqual({ app: secret });
    expect(config.keys).toEqual(configFor({ DATA_DIR: dataDir, APP_SECRET: secret }).keys);
    expect(config.secretsNotice).toMatch(/moved out of DATA_DIR/);
    expect(configFor({ DATA_DIR: dataDir }).secretsNotice).toBeNull();
  });

  it('refuses two different keys, a new key for an existing database, and SECRETS_FILE inside DATA_DIR', () => {
    const top = root();
    const dataDir = join(top, 'data');
    mkdirSync(dataDir);
    mkdirSync(join(top, 'secrets'));
    writeFileSync(join(dataDir, 'secrets.json'), JSON.stringify({ app: 'one-secret-one-secret-one-secret-0123' }));
    writeFileSync(join(top, 'secrets', 'data.json'), JSON.stringify({ app: 'another-secret-another-secret-012345' }));
    expect(() => configFor({ DATA_DIR: dataDir })).toThrow(/hold different secrets/);

    const existing = join(root(), 'data');
    mkdirSync(join(existing, 'pglite'), { recursive: true });
    expect(() => configFor({ DATA_DIR: existing })).toThrow(/DATA_DIR already holds a database/);
    expect(configFor({ DATA_DIR: existing, APP_SECRET: SECRET }).secretsFile).toBeNull();

    const fresh = join(root(), 'data');
    expect(() => configFor({ DATA_DIR: fresh, SECRETS_FILE: join(fresh, 'key.json') })).toThrow(/SECRETS_FILE: must be outside DATA_DIR/);
    expect(() => configFor({ DATA_DIR: fresh, SECRETS_FILE: join(fresh, 'keys', 'key.json') })).toThrow(/must be outside DATA_DIR/);
  });
});
