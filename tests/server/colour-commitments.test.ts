import { createHash, createHmac, hkdfSync } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ColorCommitment, PeriodResult } from '../../contracts/color.js';
import { manualClock } from '../../server/lib/clock.js';
import { unseal } from '../../server/lib/seal.js';
import { HashChain } from '../../server/modules/color/color.chain.js';
import { currentPeriod } from '../../server/modules/color/color.rules.js';
import { settleDue } from '../../server/modules/color/color.service.js';
import type { App } from '../../server/types.js';
import { createTestApp, rows } from '../helpers/app.js';
import { resetDatabase, testDatabase } from '../helpers/db.js';
import { createAdmin, createPlayer, type TestUser } from '../helpers/factories.js';
import { pastSeedGuard } from '../helpers/past-guards.js';

// The colour game's commitments in their order (docs/fairness.md): chain first, then its salt,
// then its periods; a salt never changes; every period and bet names its chain; and the database
// alone tells no future result. Runs on PGlite and, in the PostgreSQL pass, on a server.

const BLOCK = 950_000;
const NEXT_BLOCK = 950_150;
const blockHash = (tag: string) => `00000000000000000001${createHash('sha256').update(tag).digest('hex').slice(20)}`;
const SALT = blockHash('block 950000');
const sha = (t: string) => createHash('sha256').update(t, 'utf8').digest('hex');

/** The verifier of docs/fairness.md ("Verify a period"), written from that page alone. */
function verifyFromDocs(p: PeriodResult, c: ColorCommitment): boolean {
  let h = p.hash;
  for (let i = 0; i < p.index; i++) h = sha(h);
  const b = createHmac('sha256', p.hash).update(`${c.salt}:${p.index}:0`).digest();
  return h === c.terminalHash && Math.floor((b.readUInt32BE(0) / 2 ** 32) * 10) === p.number;
}

describe('colour commitments: chain, then salt, then periods', () => {
  const clock = manualClock(new Date('2026-11-25T06:00:00.000Z'));
  const env = { ROUND_SECONDS: '60', COLOR_CHAIN_LENGTH: '100', COLOR_SALT_BLOCK: String(BLOCK) };
  let app: App;
  let admin: TestUser;
  let player: TestUser;

  beforeAll(async () => {
    app = await createTestApp({}, env, undefined, clock);
    admin = await createAdmin(app);
    player = await createPlayer(app, { balance: 1000 });
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = async (url: string) => (await app.inject({ url: `/api/v1${url}` })).json();
  const enter = (payload: object) => app.inject({ method: 'POST', url: '/api/v1/admin/color/salt', headers: admin.headers, payload });
  const bet = (period: string) =>
    app.inject({ method: 'POST', url: '/api/v1/color/bet', headers: player.headers, payload: { period, selection: 'big', amount: 10 } });
  const gameNow = () => app.colorChains.game({ db: app.db, config: app.config, now: clock.now() });
  const settle = async () => settleDue({ db: app.db, now: clock.now() }, { game: await gameNow() });

  it('publishes a chain committed to a block, and starts no period before that block’s hash is entered', async () => {
    const state = (await get('/color/state')).data;
    expect(state.current).toBeNull();
    expect(state.commitment).toMatchObject({ id: 1, status: 'awaiting-salt', saltBlock: BLOCK, salt: null, epoch: null, verifiable: false });
    expect(state.commitment.notice).toBe(`Waiting for the hash of Bitcoin block ${BLOCK}: periods start once it is entered.`);
    expect((await get('/color/next-periods')).data).toEqual([]);
    const refused = await bet('202611251131');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'COLOR_WAITING' });
    expect(refused.json().message).toContain(`Bitcoin block ${BLOCK}`);
    // An hour passes: still no period, nothing settled.
    clock.advance(3_600_000);
    expect(await settle()).toEqual([]);
    expect((await get('/color/history')).data.periods).toEqual([]);
    const list = (await get('/color/commitments')).data;
    expect(list.chains).toHaveLength(1);
    expect(list.chains[0]).toMatchObject({ id: 1, saltBlock: BLOCK, firstPeriod: null });
    expect(Date.parse(list.chains[0].saltBlockAt)).toBeLessThan(clock.now().getTime());
  });

  it('takes the salt from an admin of page games only, as a block hash, for the block committed to', async () => {
    expect((await enter({ block: BLOCK, hash: 'not a hash' })).json()).toMatchObject({ code: 'BAD_SALT' });
    // Written in the other byte order (zeros at the end), it cannot be a block hash.
    expect((await enter({ block: BLOCK, hash: [...SALT].reverse().join('') })).statusCode).toBe(400);
    expect((await enter({ block: BLOCK + 1, hash: SALT })).json()).toMatchObject({ code: 'NO_SUCH_COMMITMENT' });
    const player2 = await createPlayer(app);
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/admin/color/salt', headers: player2.headers, payload: { block: BLOCK, hash: SALT } })).statusCode,
    ).toBe(403);
    const entered = await enter({ block: BLOCK, hash: `0x${SALT.toUpperCase()}` });
    expect(entered.statusCode, entered.body).toBe(200);
    const chain = entered.json().data as ColorCommitment;
    expect(chain).toMatchObject({ id: 1, salt: SALT, saltSource: 'bitcoin', verifiable: true, status: 'starting' });
    // Its first period starts a full period after the salt is public.
    expect(Date.parse(chain.epoch!) - clock.now().getTime()).toBeGreaterThanOrEqual(60_000);
    const [entry] = await rows<{ entity: string; actor_id: string }>(app, sql`SELECT entity, actor_id FROM audit_log WHERE entity = 'color_chain_salt'`);
    expect(entry).toMatchObject({ actor_id: admin.id });
  });

  it('refuses to change the salt once written: by the back office, by SQL, and by a restart with another COLOR_SALT', async () => {
    const other = blockHash('another block');
    expect((await enter({ block: BLOCK, hash: other })).json()).toMatchObject({ code: 'SALT_SET' });
    // The same hash again changes nothing.
    expect((await enter({ block: BLOCK, hash: SALT })).statusCode).toBe(200);
    const direct = await app.db.execute(sql`UPDATE color_chains SET salt = ${other} WHERE id = 1`).catch((err: Error) => err);
    expect(String((direct as Error & { cause?: Error }).cause?.message)).toMatch(/the salt of colour chain 1 is set and cannot change/);
    await expect(createTestApp({}, { ...env, COLOR_SALT: other }, undefined, clock)).rejects.toThrow(
      /COLOR_SALT differs from the salt colour chain 1 has used/,
    );
    // The same salt in the settings starts.
    const again = await createTestApp({}, { ...env, COLOR_SALT: SALT }, undefined, clock);
    await again.close();
    expect((await get('/color/commitments')).data.chains[0].salt).toBe(SALT);
  });

  it('runs the periods once salted; every period and bet names its chain and verifies from the published commitment', async () => {
    clock.advance(120_000);
    const game = await gameNow();
    const open = currentPeriod(game, clock.now())!;
    expect(open).toMatchObject({ chainId: 1 });
    clock.advance(open.start.getTime() + 5_000 - clock.now().getTime());
    expect((await bet(open.period)).statusCode).toBe(200);
    clock.advance(60_000);
    await settle();
    const [result] = (await get('/color/history?chain=1')).data.periods as PeriodResult[];
    expect(result).toMatchObject({ period: open.period, chain: 1, index: open.index });
    const [chain] = (await get('/color/commitments')).data.chains as ColorCommitment[];
    expect(verifyFromDocs(result, chain)).toBe(true);
    expect((await get(`/color/periods/${open.period}`)).data).toEqual(result);
    const bets = (await app.inject({ url: '/api/v1/color/bets', headers: player.headers })).json().data.bets;
    expect(bets[0]).toMatchObject({ period: open.period, chain: 1 });
    const [stored] = await rows<{ chain_id: number }>(app, sql`SELECT chain_id FROM color_periods WHERE period = ${open.period}`);
    expect(stored.chain_id).toBe(1);
  });

  it('makes the next chain ahead, committed to a later block; its periods follow once its salt is entered, numbered on', async () => {
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/admin/color/next-chain', headers: admin.headers, payload: { block: BLOCK } })).json(),
    ).toMatchObject({
      code: 'BLOCK_USED',
    });
    const made = await app.inject({ method: 'POST', url: '/api/v1/admin/color/next-chain', headers: admin.headers, payload: { block: NEXT_BLOCK } });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({ id: 2, status: 'awaiting-salt', saltBlock: NEXT_BLOCK, firstSeq: 101 });
    // Chain 1 runs to its end (100 periods), then the game waits for block NEXT_BLOCK.
    clock.advance(101 * 60_000);
    await settle();
    const waiting = (await get('/color/state')).data;
    expect(waiting.current).toBeNull();
    expect(waiting.commitment).toMatchObject({ id: 2, status: 'awaiting-salt' });
    expect((await get('/color/history?chain=1')).data.periods[0]).toMatchObject({ seq: 100, index: 100, chain: 1 });
    // Block 950150 is 150 blocks after block 950000, whose hash was entered at 12:30 PM IST: expected
    // 25 hours later, at ten minutes a block. Its hash is not taken while the block is most likely not mined.
    const early = await enter({ block: NEXT_BLOCK, hash: blockHash('block 950150') });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'BLOCK_NOT_MINED' });
    expect(early.json().message).toMatch(/^Block 950150 is expected about 2026-11-26 01:30 PM IST \(ten minutes a block\), so it is most likely not mined yet/);
    // The earliest 150 blocks come but once in a thousand runs, at a tenth faster than ten minutes a block: 17 h 15 min.
    expect(early.json().message).toMatch(/enter the hash once a block explorer shows block 950150, from 2026-11-26 05:44 AM IST\.$/);
    expect((await get('/color/state')).data.commitment).toMatchObject({ id: 2, status: 'awaiting-salt', salt: null });
    // Nor from the settings: a server started with it as COLOR_SALT starts, and leaves it for a later start.
    const earlyStart = await createTestApp({}, { ...env, COLOR_SALT_BLOCK: String(NEXT_BLOCK), COLOR_SALT: blockHash('block 950150') }, undefined, clock);
    await earlyStart.close();
    expect((await get('/color/state')).data.commitment).toMatchObject({ id: 2, status: 'awaiting-salt', salt: null });
    clock.advance(Date.parse('2026-11-26T00:14:00.000Z') - clock.now().getTime());
    expect((await enter({ block: NEXT_BLOCK, hash: blockHash('block 950150') })).json()).toMatchObject({ code: 'BLOCK_NOT_MINED' });
    // From then on, it is taken.
    clock.advance(90_000);
    expect((await enter({ block: NEXT_BLOCK, hash: blockHash('block 950150') })).statusCode).toBe(200);
    // Its first period starts one to two periods after the salt, and ends one later.
    clock.advance(181_000);
    await settle();
    const [first] = (await get('/color/history')).data.periods as PeriodResult[];
    expect(first).toMatchObject({ chain: 2, seq: 101, index: 1 });
    const chains = (await get('/color/commitments')).data.chains as ColorCommitment[];
    expect(chains.map((c) => [c.id, c.status])).toEqual([
      [2, 'running'],
      [1, 'ended'],
    ]);
    expect(verifyFromDocs(first, chains[0])).toBe(true);
    expect(verifyFromDocs(first, chains[1])).toBe(false);
  });

  it('keeps two admins entering different salts at once to one salt', async () => {
    await app.inject({ method: 'POST', url: '/api/v1/admin/color/next-chain', headers: admin.headers, payload: { block: NEXT_BLOCK + 10 } });
    // Ten blocks on, past their expected time.
    clock.advance(2 * 3_600_000);
    const tries = await Promise.all(Array.from({ length: 8 }, (_, i) => enter({ block: NEXT_BLOCK + 10, hash: blockHash(`race ${i}`) })));
    expect(tries.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(tries.every((r) => r.statusCode === 200 || r.json().code === 'SALT_SET')).toBe(true);
    // The same salt entered at once by many (servers starting with the same COLOR_SALT) is no conflict.
    await app.inject({ method: 'POST', url: '/api/v1/admin/color/next-chain', headers: admin.headers, payload: { block: NEXT_BLOCK + 20 } });
    clock.advance(2 * 3_600_000);
    const same = await Promise.all(Array.from({ length: 8 }, () => enter({ block: NEXT_BLOCK + 20, hash: blockHash('same') })));
    expect(same.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
  });

  it('keeps every seed still in play sealed: a copy of the database without APP_SECRET foretells nothing', async () => {
    // Players with active seed pairs, one with a round in play.
    for (let i = 0; i < 3; i++) await app.inject({ url: '/api/v1/fairness', headers: (await createPlayer(app)).headers });
    // The copy: every row of every table, as text.
    let copy = '';
    for (const { tablename } of await rows<{ tablename: string }>(app, sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)) {
      for (const r of await rows<{ row: string }>(app, sql.raw(`SELECT row_to_json(t)::text AS row FROM "${tablename}" t`))) copy += `${r.row}\n`;
    }
    const secrets: string[] = [];
    for (const c of await rows<{ id: number; seed: string; length: number; offset: number }>(app, sql`SELECT id, seed, length, "offset" FROM color_chains`)) {
      expect(c.seed).toMatch(/^v1\./);
      const seed = unseal(app.config.keys.seeds, c.seed)!;
      const hashes = new HashChain(seed, c.length);
      const [{ n }] = await rows<{ n: number }>(
        app,
        sql`SELECT coalesce(max(seq), ${c.offset})::int - ${c.offset} AS n FROM color_periods WHERE chain_id = ${c.id}`,
      );
      // A period's hash is public once it is played; the hashes of every period after the last played, and the seed, are not.
      if (n > 0) expect(copy).toContain(hashes.hashAt(n));
      for (let i = n + 1; i <= c.length; i++) secrets.push(hashes.hashAt(i));
      expect(hashes.hashAt(c.length)).toBe(seed);
    }
    for (const p of await rows<{ server_seed: string }>(app, sql`SELECT server_seed FROM seed_pairs WHERE active`)) {
      expect(p.server_seed).toMatch(/^v1\./);
      secrets.push(unseal(app.config.keys.seeds, p.server_seed)!);
    }
    expect(secrets.length).toBeGreaterThan(100);
    for (const secret of secrets) expect(copy.includes(secret)).toBe(false);
    // Without APP_SECRET the sealed values do not open.
    const otherKey = Buffer.from(hkdfSync('sha256', 'another-secret-another-secret-0123456789', 'rupee-arcade', 'unrevealed-seeds', 32)).toString('base64url');
    for (const p of await rows<{ server_seed: string }>(app, sql`SELECT server_seed FROM seed_pairs WHERE active`)) {
      expect(unseal(otherKey, p.server_seed)).toBeNull();
    }
  });

  it('seals seeds stored in clear before sealing existed, at the next start, once each proves itself', async () => {
    const [p] = await rows<{ id: string; server_seed: string }>(app, sql`SELECT id, server_seed FROM seed_pairs WHERE active LIMIT 1`);
    const [c] = await rows<{ seed: string }>(app, sql`SELECT seed FROM color_chains WHERE id = 1`);
    const clear = unseal(app.config.keys.seeds, p.server_seed)!;
    const chainSeed = unseal(app.config.keys.seeds, c.seed)!;
    // As rows from before seeds were sealed (the database no longer lets a sealed seed go back to clear).
    await pastSeedGuard(app, 'seed_pairs', sql`UPDATE seed_pairs SET server_seed = ${clear} WHERE id = ${p.id}`);
    await pastSeedGuard(app, 'color_chains', sql`UPDATE color_chains SET seed = ${chainSeed} WHERE id = 1`);
    const restarted = await createTestApp({}, env, undefined, clock);
    await restarted.close();
    const [after] = await rows<{ server_seed: string }>(app, sql`SELECT server_seed FROM seed_pairs WHERE id = ${p.id}`);
    expect(after.server_seed).toMatch(/^v1\./);
    expect(unseal(app.config.keys.seeds, after.server_seed)).toBe(clear);
    const [chain] = await rows<{ seed: string }>(app, sql`SELECT seed FROM color_chains WHERE id = 1`);
    expect(chain.seed).toMatch(/^v1\./);
    expect(unseal(app.config.keys.seeds, chain.seed)).toBe(chainSeed);
  });
});

describe('colour commitments without a block: the embedded default', () => {
  const clock = manualClock(new Date('2026-11-25T06:00:00.000Z'));
  let app: App;
  beforeAll(async () => {
    await resetDatabase(await testDatabase());
    app = await createTestApp({}, { ROUND_SECONDS: '60', COLOR_CHAIN_LENGTH: '100' }, undefined, clock);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('draws its own salt at once and says plainly that it is not independently verifiable', async () => {
    const state = (await app.inject({ url: '/api/v1/color/state' })).json().data;
    expect(state.current).not.toBeNull();
    expect(state.commitment).toMatchObject({ saltSource: 'server', verifiable: false, notice: 'Salt drawn by the operator: not independently verifiable.' });
  });

  it('refuses COLOR_SALT without COLOR_SALT_BLOCK at start', async () => {
    await expect(createTestApp({}, { COLOR_SALT: blockHash('x') })).rejects.toThrow(/COLOR_SALT: needs COLOR_SALT_BLOCK/);
  });
});
