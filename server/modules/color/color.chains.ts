import { randomBytes } from 'node:crypto';
import { expectedBlockTime, normaliseBlockHash, saltNotice, saltTakenFrom } from '../../../contracts/color.js';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, conflict } from '../../lib/errors.js';
import { formatIst, periodBounds } from '../../lib/india-time.js';
import { isSealed, seal, unseal } from '../../lib/seal.js';
import { seedUnproven, STORED_IN_CLEAR } from '../play/index.js';
import { HashChain } from './color.chain.js';
import * as repo from './color.repo.js';
import { chainEnd, chainStatus } from './color.rules.js';

/*
 * The colour game's commitments, in their order (docs/fairness.md): a chain is made and its
 * terminal hash published first; then its salt: the hash of a Bitcoin block the chain committed to
 * by height before that block was mined, or, without one, a salt the server draws and says it drew;
 * and only then do its periods start. A salt never changes once written. Every chain stays on record.
 */

/** The committed chains, with the hashes of those in use at hand. */
export interface ColorGame {
  chains: repo.ChainRow[];
  /** The chain whose periods run now, or the next to run (awaiting its salt, or starting soon). */
  live: repo.ChainRow;
  /** When the chains were read (ms); a game waiting on news is read again at most once a second. */
  readAt: number;
  hashes: Map<number, HashChain>;
  /** Chains whose seed did not prove itself: the game draws nothing from them (nor takes bets on them) until the server restarts. */
  refused: Map<number, AppError>;
  seedKey: string;
}

const chainName = (chain: repo.ChainRow) => `colour chain ${chain.id}`;
const NOT_ITS_TERMINAL_HASH = 'its seed does not hash to its published terminal hash';

/**
 * The chain's hashes, worked out from its sealed seed on first use and proven then: they must
 * end in the terminal hash the chain published (play/seed-proof.ts). A chain that does not is
 * refused, then and at every later call, without working it out again.
 */
export function hashesOf(game: ColorGame, chain: repo.ChainRow): HashChain {
  const refused = game.refused.get(chain.id);
  if (refused) throw refused;
  let hashes = game.hashes.get(chain.id);
  if (!hashes) {
    if (!isSealed(chain.seed)) throw refuse(game, chain, STORED_IN_CLEAR);
    const seed = unseal(game.seedKey, chain.seed);
    if (seed === null) throw new AppError('SEED_SEALED', 503, 'The colour game cannot read its chain: the server was started with another APP_SECRET.');
    hashes = new HashChain(seed, chain.length);
    if (hashes.terminalHash !== chain.terminalHash) throw refuse(game, chain, NOT_ITS_TERMINAL_HASH);
    game.hashes.set(chain.id, hashes);
  }
  return hashes;
}

function refuse(game: ColorGame, chain: repo.ChainRow, reason: string): AppError {
  const err = seedUnproven(chainName(chain), reason);
  game.refused.set(chain.id, err);
  return err;
}

/**
 * When a newly salted chain's first period starts: one full period after the salt is written (so
 * bets on it open only once the salt is public), and never before the previous chain ends. When the
 * period length changes between chains, at the next midnight in India, so period names stay unique.
 */
function firstStart(prev: repo.ChainRow | undefined, roundSeconds: number, now: Date): Date {
  const round = roundSeconds * 1000;
  let start = Math.max(Math.ceil(now.getTime() / round) * round + round, (prev && chainEnd(prev)) ?? 0);
  // The India midnight at or after `start`.
  if (prev && prev.roundSeconds !== roundSeconds) start = periodBounds('day', new Date(start - 1)).end.getTime();
  return new Date(start);
}

/** The chain that runs now or runs next: the first not yet ended. */
const liveOf = (chains: repo.ChainRow[], now: Date) => chains.find((c) => chainStatus(c, now) !== 'ended');

/**
 * A new chain after the last: committed to the block COLOR_SALT_BLOCK names when no chain has used
 * it yet (its periods wait for that block's hash), else salted at once by the server.
 */
async function makeChain(
  db: DbOrTx,
  config: Config,
  chains: repo.ChainRow[],
  now: Date,
  saltBlock: number | null,
  made?: Map<number, HashChain>,
): Promise<void> {
  const prev = chains.at(-1);
  const id = (prev?.id ?? 0) + 1;
  const hashes = new HashChain(HashChain.newSeed(), config.COLOR_CHAIN_LENGTH);
  const ownSalt = saltBlock === null;
  const inserted = await repo.insertChain(db, {
    id,
    seed: seal(config.keys.seeds, hashes.seed),
    length: hashes.length,
    terminalHash: hashes.terminalHash,
    roundSeconds: config.ROUND_SECONDS,
    offset: prev ? prev.offset + prev.length : 0,
    madeAt: now,
    publishedAt: now,
    saltBlock,
    saltBlockAt: ownSalt ? null : now,
    salt: ownSalt ? randomBytes(32).toString('hex') : null,
    saltSource: ownSalt ? 'server' : null,
    saltedAt: ownSalt ? now : null,
    epoch: ownSalt ? firstStart(prev, config.ROUND_SECONDS, now) : null,
  });
  // The hashes just worked out are kept, not worked out again from the sealed seed.
  if (inserted) made?.set(id, hashes);
}

const unusedBlock = (chains: repo.ChainRow[], block: number | undefined) =>
  block !== undefined && !chains.some((c) => c.saltBlock !== null && c.saltBlock >= block) ? block : null;

/** Reads the chains, making the next one when none runs or waits to run. */
async function readGame(db: DbOrTx, config: Config, now: Date, previous?: ColorGame): Promise<ColorGame> {
  let chains = await repo.listChains(db);
  const hashes = previous?.hashes ?? new Map<number, HashChain>();
  const refused = previous?.refused ?? new Map<number, AppError>();
  if (!liveOf(chains, now)) {
    await makeChain(db, config, chains, now, unusedBlock(chains, config.COLOR_SALT_BLOCK), hashes);
    chains = await repo.listChains(db);
  }
  return { chains, live: liveOf(chains, now)!, readAt: now.getTime(), hashes, refused, seedKey: config.keys.seeds };
}

/** A game whose next step is news from the database: a salt awaited, or the live chain over. */
function stale(game: ColorGame, now: Date): boolean {
  if (now.getTime() - game.readAt < 1000) return false;
  const status = chainStatus(game.live, now);
  return status === 'awaiting-salt' || status === 'ended';
}

/**
 * One app's committed chains: read once, and again only when waiting on a salt or a new chain, or
 * after this app changed them (`forget`). Its routes and its period engine share the one store
 * (app.colorChains, made with the app), so a chain whose seed proved itself for a bet is the one its results are drawn from,
 * and a salt an admin enters is seen by both at once.
 */
export class ColorChains {
  private loaded: Promise<ColorGame> | undefined;

  /** The committed chains at `ctx.now`, read again only when stale. */
  game(ctx: Pick<Ctx, 'db' | 'config' | 'now'>): Promise<ColorGame> {
    const cached = this.loaded;
    const next = cached
      ? cached.then((game) => (stale(game, ctx.now) ? readGame(ctx.db, ctx.config, ctx.now, game) : game))
      : readGame(ctx.db, ctx.config, ctx.now);
    this.loaded = next;
    next.catch(() => (this.loaded = undefined));
    return next;
  }

  /** Reads the chains again at the next call (after this app changed them). */
  forget(): void {
    this.loaded = undefined;
  }
}

const BITCOIN_BLOCK = 'a Bitcoin block hash: 64 hexadecimal characters starting with at least eight zeros, as block explorers show it';

/** The code of a salt refused because its block is most likely not mined yet. */
export const BLOCK_NOT_MINED = 'BLOCK_NOT_MINED';

/**
 * Writes the salt of the chain committed to block `height`: that block's hash. Refused when no
 * chain waits on that block, when the chain's salt is already written (it never changes), and
 * before the block can have been mined (saltTakenFrom, the rule the back office shows too).
 */
export async function enterSalt(db: DbOrTx, height: number, blockHash: string, now: Date): Promise<repo.ChainRow> {
  const salt = normaliseBlockHash(blockHash);
  if (!salt) throw new AppError('BAD_SALT', 400, `The salt must be ${BITCOIN_BLOCK}.`);
  const chains = await repo.listChains(db);
  const chain = chains.find((c) => c.saltBlock === height);
  if (!chain) throw conflict(`No colour chain is committed to Bitcoin block ${height}.`, 'NO_SUCH_COMMITMENT');
  if (chain.salt !== null) {
    if (chain.salt === salt) return chain;
    throw conflict(`Chain ${chain.id} already has its salt (the hash of block ${height}); a salt never changes once written.`, 'SALT_SET');
  }
  const takenFrom = saltTakenFrom(height, chains);
  if (now.getTime() < takenFrom) {
    throw conflict(
      `Block ${height} is expected about ${formatIst(new Date(expectedBlockTime(height, chains)))} IST (ten minutes a block), so it is most likely not mined yet and this is not its hash. A salt is never changed once written: enter the hash once a block explorer shows block ${height}, from ${formatIst(new Date(takenFrom))} IST.`,
      BLOCK_NOT_MINED,
    );
  }
  const prev = chains.find((c) => c.id === chain.id - 1);
  const written = await repo.saltChain(db, chain.id, { salt, saltSource: 'bitcoin', saltedAt: now, epoch: firstStart(prev, chain.roundSeconds, now) });
  const after = (await repo.listChains(db)).find((c) => c.id === chain.id)!;
  // Another request (a second server starting with the same COLOR_SALT) wrote it first: the same salt is no conflict.
  if (!written && after.salt !== salt) throw conflict(`Chain ${chain.id} got another salt from a request at the same moment.`, 'SALT_SET');
  return after;
}

/**
 * Commits the next chain to block `height`, made and published now: its periods follow the
 * running chain's once the block's hash is entered. Refused while a chain still waits on a block.
 */
export async function commitNextChain(db: DbOrTx, config: Config, height: number, now: Date): Promise<repo.ChainRow> {
  const chains = await repo.listChains(db);
  const waiting = chains.find((c) => c.salt === null);
  if (waiting) throw conflict(`Chain ${waiting.id} still waits for the hash of block ${waiting.saltBlock}: enter it first.`, 'SALT_AWAITED');
  if (unusedBlock(chains, height) === null) {
    throw conflict(`Block ${height} is not after the blocks earlier chains used: choose a block not yet mined.`, 'BLOCK_USED');
  }
  await makeChain(db, config, chains, now, height);
  return (await repo.listChains(db)).at(-1)!;
}

export class ColourSaltRefused extends Error {}

/**
 * At start-up: seals chain seeds still stored in clear, each once it proves itself against its
 * terminal hash (one that does not stays as it is and is refused), then applies COLOR_SALT to the chain
 * committed to COLOR_SALT_BLOCK. A different salt for a chain that has one is refused: the server
 * does not start. A salt for a block no chain committed to yet is not used (it would be known
 * before the chain is made), nor one entered before its block can have been mined; the answer says so.
 */
export async function prepareChains(db: DbOrTx, config: Config, now: Date): Promise<string | null> {
  for (const chain of await repo.unsealedChains(db)) {
    if (new HashChain(chain.seed, chain.length).terminalHash !== chain.terminalHash) seedUnproven(chainName(chain), NOT_ITS_TERMINAL_HASH);
    else await repo.sealChainSeed(db, chain.id, chain.seed, seal(config.keys.seeds, chain.seed));
  }
  if (config.COLOR_SALT === undefined || config.COLOR_SALT_BLOCK === undefined) return null;
  const salt = normaliseBlockHash(config.COLOR_SALT);
  if (!salt) throw new ColourSaltRefused(`COLOR_SALT must be ${BITCOIN_BLOCK}.`);
  const chain = (await repo.listChains(db)).find((c) => c.saltBlock === config.COLOR_SALT_BLOCK);
  if (!chain) {
    return `COLOR_SALT is not used yet: no colour chain is committed to block ${config.COLOR_SALT_BLOCK}. The next chain made commits to it; restart once the block is mined.`;
  }
  if (chain.salt !== null && chain.salt !== salt) {
    throw new ColourSaltRefused(
      `COLOR_SALT differs from the salt colour chain ${chain.id} has used since ${chain.saltedAt!.toISOString()} (the hash of block ${chain.saltBlock}: ${chain.salt}). A salt never changes once its periods have started: set COLOR_SALT back to it, or remove COLOR_SALT and COLOR_SALT_BLOCK.`,
    );
  }
  if (chain.salt === null) {
    try {
      await enterSalt(db, config.COLOR_SALT_BLOCK, salt, now);
    } catch (err) {
      // Too early for the block: kept out, and used at a later start.
      if (err instanceof AppError && err.code === BLOCK_NOT_MINED) return `COLOR_SALT is not used yet: ${err.message}`;
      throw err;
    }
  }
  return null;
}

export { saltNotice };
