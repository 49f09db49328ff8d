import { bytesToFloat, floats, hex, hmacBytes, utf8 } from './fairness.math.js';
import { fill } from './language.js';
import { IST_OFFSET_MS } from './india-time.js';

/*
 * The colour game's numbers, payouts and draw, apart from the zod shapes of color.ts: the game
 * screen reads them, and importing them must not bring zod into its bundle.
 */

export const COLOR_GAME = 'color';

/**
 * A period's name: the India date of its start (YYYYMMDD), then its slot in that day,
 * floor(seconds since India midnight at its start / ROUND_SECONDS) + 1, in four digits.
 * 202611250001 is the slot starting at midnight. When ROUND_SECONDS does not divide a day, the
 * period running over midnight keeps the name of the day it started in.
 */
export function periodName(startMs: number, roundSeconds: number): string {
  const local = new Date(startMs + IST_OFFSET_MS);
  const day = local.toISOString().slice(0, 10).replaceAll('-', '');
  const sinceMidnight = local.getTime() % 86_400_000;
  return `${day}${String(Math.floor(sinceMidnight / (roundSeconds * 1000)) + 1).padStart(4, '0')}`;
}
/** Bets on a period close this many seconds before it ends. */
export const BETS_CLOSE_SECONDS = 5;
/** The fee taken from each stake before the payout multiplier applies. */
export const COLOR_FEE = 0.02;

export const COLOURS = ['green', 'red', 'violet'] as const;
export type Colour = (typeof COLOURS)[number];
export const SIZES = ['big', 'small'] as const;
export const NUMBERS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
export const SELECTIONS = [...COLOURS, ...SIZES, ...NUMBERS] as const;
export type Selection = (typeof SELECTIONS)[number];

/** The colours a number shows: 0 is red and violet, 5 green and violet. */
export function coloursOf(n: number): Colour[] {
  if (n === 0) return ['red', 'violet'];
  if (n === 5) return ['green', 'violet'];
  return n % 2 === 1 ? ['green'] : ['red'];
}
/** As the result event names it: "green", "red", "red+violet" or "green+violet". */
export const colourName = (n: number): string => coloursOf(n).join('+');
export const sizeOf = (n: number): 'big' | 'small' => (n >= 5 ? 'big' : 'small');

/**
 * What a bet pays per rupee of stake after the fee, for the number drawn: green or red 2× (1.5×
 * when the number is also violet: 0 or 5), violet 4.5×, a number 9×, big or small 2×; 0 loses.
 */
export function payoutMultiplier(selection: Selection, n: number): number {
  if (selection === 'green' || selection === 'red') {
    if (!coloursOf(n).includes(selection)) return 0;
    return n === 0 || n === 5 ? 1.5 : 2;
  }
  if (selection === 'violet') return n === 0 || n === 5 ? 4.5 : 0;
  if (selection === 'big' || selection === 'small') return sizeOf(n) === selection ? 2 : 0;
  return Number(selection) === n ? 9 : 0;
}

/** Return to player of a bet type: the average payout over the ten equally likely numbers, after the fee. */
export function returnToPlayer(selection: Selection): number {
  let sum = 0;
  for (let n = 0; n < 10; n++) sum += payoutMultiplier(selection, n);
  return (sum / 10) * (1 - COLOR_FEE);
}

/** A payout in paise: stake less the 2% fee, times the multiplier, rounded down to the paisa (integer arithmetic). */
export const payoutOf = (stakePaise: number, selection: Selection, n: number): number =>
  Math.floor((stakePaise * Math.round((1 - COLOR_FEE) * 100) * Math.round(payoutMultiplier(selection, n) * 10)) / 1000);

/** The most a bet can pay, in paise, over the ten numbers. */
export const bestPayoutOf = (stakePaise: number, selection: Selection): number =>
  Math.max(...Array.from({ length: 10 }, (_, n) => payoutOf(stakePaise, selection, n)));

/**
 * The number of period `seq` (docs/fairness.md): the first float of HMAC-SHA256(key = the period's
 * chain hash, message = "<salt>:<seq>:0"), times ten, rounded down. The same float as Chicken
 * Road's draw, with the chain hash as the server seed and the salt as the client seed.
 */
export async function drawColorNumber(hash: string, salt: string, seq: number): Promise<number> {
  const [f] = await floats(hash, salt, seq, 1);
  return Math.floor(f * 10);
}

/**
 * A Bitcoin block hash as the salt: written as block explorers and `bitcoin-cli getblockhash` show
 * it (the byte-reversed double SHA-256, leading zeros first), 64 lowercase hex characters, no
 * `0x`. Accepts upper case, a `0x` and spaces around; null when it cannot be a block hash (every
 * block's hash starts with at least eight zeros, so a hash written in the other byte order fails).
 */
export function normaliseBlockHash(text: string): string | null {
  const hash = text.trim().toLowerCase().replace(/^0x/, '');
  return /^0{8}[0-9a-f]{56}$/.test(hash) ? hash : null;
}

export const SALT_SOURCES = ['bitcoin', 'server', 'operator'] as const;
export type SaltSource = (typeof SALT_SOURCES)[number];

/** Bitcoin's target: one block every ten minutes. */
export const BITCOIN_BLOCK_MS = 10 * 60_000;
/** A block everyone can look up (the 2024 halving), for when no chain has used a Bitcoin block yet. */
const HALVING_2024 = { block: 840_000, at: Date.parse('2024-04-20T00:09:27.000Z') };

/** What block times are worked out from: the chains' salts, each a block and when its hash was entered. */
export interface SaltedChain {
  id: number;
  saltSource: SaltSource | null;
  saltBlock: number | null;
  saltedAt: string | Date | null;
}

/**
 * The latest block whose time is known (`at` in ms): the highest block a chain took its salt from,
 * mined by the time its hash was entered; else the 2024 halving.
 */
export function knownBlock(chains: readonly SaltedChain[]): { block: number; at: number; fromChain?: number } {
  let known: { block: number; at: number; fromChain?: number } = HALVING_2024;
  for (const c of chains) {
    if (c.saltSource !== 'bitcoin' || c.saltBlock === null || !c.saltedAt) continue;
    if (known.fromChain === undefined || c.saltBlock > known.block) known = { block: c.saltBlock, at: new Date(c.saltedAt).getTime(), fromChain: c.id };
  }
  return known;
}

/** When block `height` is expected (ms): ten minutes a block from the latest block whose time is known. */
export function expectedBlockTime(height: number, chains: readonly SaltedChain[]): number {
  const known = knownBlock(chains);
  return known.at + (height - known.block) * BITCOIN_BLOCK_MS;
}

/**
 * From when the hash of block `height` is taken as a chain's salt (ms). Before then the block is
 * almost surely not mined, so a hash entered is another block's, and a salt is never changed once
 * written. Blocks come by chance: `n` blocks take fewer than `n` ten-minute spans about half the
 * time, so the bound is the time `n` blocks beat only once in a thousand runs (the gamma quantile,
 * Wilson–Hilferty), at a tenth faster than ten minutes a block (blocks run ahead of the target
 * while the network grows); earlier than the expected time, never later.
 */
export function saltTakenFrom(height: number, chains: readonly SaltedChain[]): number {
  const known = knownBlock(chains);
  const n = height - known.block;
  if (n <= 0) return known.at;
  const fewest = n * Math.max(0, 1 - 1 / (9 * n) - 3.09 / (3 * Math.sqrt(n))) ** 3;
  return known.at + fewest * BITCOIN_BLOCK_MS * 0.9;
}
export const CHAIN_STATUSES = ['awaiting-salt', 'starting', 'running', 'ended'] as const;
export type ChainStatus = (typeof CHAIN_STATUSES)[number];

/** What a chain's salt lets an outsider check, in the words every screen and answer uses. */
export function saltNotice(
  chain: { saltSource: SaltSource | null; saltBlock: number | null },
  say: (text: string, values: { block: number | null }) => string = fill,
): string {
  const values = { block: chain.saltBlock };
  if (chain.saltSource === null) return say('Waiting for the hash of Bitcoin block {{block}}: periods start once it is entered.', values);
  if (chain.saltSource === 'bitcoin') return say('Salt: the hash of Bitcoin block {{block}}, a block mined after this chain was published.', values);
  if (chain.saltSource === 'server') return say('Salt drawn by the operator: not independently verifiable.', values);
  return say('Salt chosen by the operator before the chain was made: not independently verifiable.', values);
}

/** Hashes between the waypoints a successful walk leaves in `proven`. */
const WAYPOINT = 1000;
/** Hashes worked out before the walk gives the page a turn, so a long one does not freeze it. */
const SLICE = 20_000;

/**
 * Checks a period's hash against the published terminal hash: hashing it `seq` times must give it
 * (hash(n − 1) = SHA-256 of hash(n)'s hex text). A year of one-minute periods is half a million
 * hashes, so they are worked out synchronously (@noble/hashes, loaded on first use; the browser's
 * own digest answers each one asynchronously, fifteen times slower here), a slice at a time.
 * `proven` (chain index → hash) holds hashes already checked: the walk stops at the first it
 * meets, and a walk that succeeds adds its period and a waypoint every 1,000 hashes, so checking
 * another period walks only down to the nearest.
 */
export async function chainReaches(hash: string, seq: number, terminalHash: string, proven?: Map<number, string>): Promise<boolean> {
  const { sha256 } = await import('@noble/hashes/sha2.js');
  const waypoints: [number, string][] = [];
  let h = hash;
  let n = seq;
  let expected = terminalHash;
  for (; n > 0; n--) {
    const known = proven?.get(n);
    if (known !== undefined) {
      expected = known;
      break;
    }
    if (n % WAYPOINT === 0) waypoints.push([n, h]);
    if ((seq - n) % SLICE === SLICE - 1) await new Promise((resolve) => setTimeout(resolve, 0));
    h = hex(sha256(utf8(h)));
  }
  const reached = h === expected;
  if (reached && proven) for (const [at, value] of [[seq, hash] as [number, string], ...waypoints]) proven.set(at, value);
  return reached;
}

/** A whole chain's check, carried from one page of its periods to the next (newest first). */
export interface ChainCheck {
  /** The last period proven, the next older one is checked against it. */
  above: { index: number; hash: string } | null;
  checked: number;
  /** Names of the periods that do not verify. */
  failed: string[];
}

export const newChainCheck = (): ChainCheck => ({ above: null, checked: 0, failed: [] });

/**
 * Checks a page of one chain's periods, newest first, continuing `check`: each number from its
 * hash and the salt; the newest hash back to the terminal hash, and every older one as the hash
 * the one above it gives after as many steps as their indexes differ. So a whole chain costs as
 * many SHA-256 steps as its newest index, however many pages it comes in.
 */
export async function checkChainPage(
  periods: readonly { period: string; index: number; hash: string; number: number }[],
  chain: { terminalHash: string; salt: string },
  check: ChainCheck,
): Promise<void> {
  const { sha256 } = await import('@noble/hashes/sha2.js');
  for (const p of periods) {
    let linked: boolean;
    if (check.above && check.above.index > p.index) {
      let h = check.above.hash;
      for (let n = check.above.index; n > p.index; n--) {
        if ((check.above.index - n) % SLICE === SLICE - 1) await new Promise((resolve) => setTimeout(resolve, 0));
        h = hex(sha256(utf8(h)));
      }
      linked = h === p.hash;
    } else {
      linked = await chainReaches(p.hash, p.index, chain.terminalHash);
    }
    const drawn = await drawColorNumber(p.hash, chain.salt, p.index);
    check.checked++;
    if (linked && drawn === p.number) check.above = { index: p.index, hash: p.hash };
    else check.failed.push(p.period);
  }
}

/** What checking one period found, step by step (docs/fairness.md, "Verify a period"). */
export interface PeriodCheck {
  /** Hashing the period's hash `index` times gives its chain's published hash. */
  chained: boolean;
  hmac: string;
  float: number;
  number: number;
  colour: string;
  size: 'big' | 'small';
  /** It is chained, and the number drawn is the one recorded. */
  verified: boolean;
}

/**
 * Checks a period against its own chain's commitment (the Fairness screen, History's Verify and
 * `npm run verify`): the number from the hash and the salt, and the hash back to the chain's
 * published hash. `proven` holds hashes already proven for that chain, so the next check walks
 * only down to the nearest.
 */
export async function checkPeriod(
  period: { chain: number; index: number; hash: string; number: number },
  chain: { id: number; terminalHash: string; salt: string | null },
  proven?: Map<number, string>,
): Promise<PeriodCheck> {
  if (chain.id !== period.chain || chain.salt === null) throw new Error('The period belongs to another chain.');
  const bytes = await hmacBytes(period.hash, chain.salt, period.index, 0);
  const float = bytesToFloat(bytes, 0);
  const number = Math.floor(float * 10);
  const chained = await chainReaches(period.hash, period.index, chain.terminalHash, proven);
  return { chained, hmac: hex(bytes), float, number, colour: colourName(number), size: sizeOf(number), verified: chained && number === period.number };
}
