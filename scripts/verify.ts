/*
 * Checks any outcome from what the API publishes, as docs/fairness.md describes, with nothing of
 * the server's but its answers:
 *   npm run verify -- --server-seed S --client-seed C --nonce N --difficulty D [--rtp 0.98]   a Chicken Road round
 *   npm run verify -- --server-seed S --client-seed C --nonce N --prizes 10,LOSE,20,…         a spin
 *   npm run verify -- --period 202611250693 --url https://site [--save file.json]             a colour period
 *   npm run verify -- --chain 2 --url https://site [--save file.json]                         every period of a colour chain
 *   npm run verify -- --period … | --chain … --from file.json                                  the same, offline
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DIFFICULTIES, laneCount, multiplierLadder, parseDifficulty, TRAPS, trapsFromFloats } from '../contracts/chicken.js';
import { checkChainPage, checkPeriod, colourName, newChainCheck, sizeOf } from '../contracts/color.math.js';
import type { ColorCommitment, PeriodResult } from '../contracts/color.js';
import { bytesToFloat, floats, hmacBytes, sha256Hex } from '../contracts/fairness.math.js';
import { LOSE, segmentOf } from '../contracts/spinner.math.js';

const USAGE = `Usage:
  npm run verify -- --server-seed <hex> --client-seed <text> --nonce <n> --difficulty <Easy|Medium|Hard|Hardest> [--rtp 0.98]
  npm run verify -- --server-seed <hex> --client-seed <text> --nonce <n> --prizes <prize,prize,…>
  npm run verify -- --period <12 digits> | --chain <id>  --url <site> [--save <file>]  |  --from <file>`;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** What the colour checks need, as fetched from the API (and saved for checking offline). */
interface Published {
  site: string;
  fetchedAt: string;
  commitments: ColorCommitment[];
  periods: PeriodResult[];
}

async function getData<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  const body = (await res.json().catch(() => null)) as { success?: boolean; message?: string; data?: T } | null;
  if (!res.ok || !body?.success) fail(`${url}: ${body?.message ?? `answered ${res.status}`}`);
  return body.data as T;
}

async function fetchPublished(site: string, want: { period?: string; chain?: number }): Promise<Published> {
  const base = site.replace(/\/+$/, '');
  const commitments: ColorCommitment[] = [];
  for (let page = 1; ; page++) {
    const answer = await getData<{ chains: ColorCommitment[]; totalPages: number }>(`${base}/api/v1/color/commitments?page=${page}`);
    commitments.push(...answer.chains);
    if (page >= answer.totalPages) break;
  }
  const periods: PeriodResult[] = [];
  if (want.period) periods.push(await getData<PeriodResult>(`${base}/api/v1/color/periods/${want.period}`));
  else {
    for (let page = 1; ; page++) {
      const answer = await getData<{ periods: PeriodResult[]; totalPages: number }>(`${base}/api/v1/color/history?chain=${want.chain}&size=500&page=${page}`);
      periods.push(...answer.periods);
      if (page >= answer.totalPages) break;
    }
  }
  return { site: base, fetchedAt: new Date().toISOString(), commitments, periods };
}

function describeChain(c: ColorCommitment): string[] {
  return [
    `Chain ${c.id}          ${c.status}, ${c.chainLength} periods of ${c.roundSeconds} s`,
    `Published hash     ${c.terminalHash}   (published ${c.publishedAt})`,
    `Salt               ${c.salt ?? 'not entered yet'}`,
    `                   ${c.notice}`,
    ...(c.saltSource === 'bitcoin'
      ? [`                   Check on any block explorer: block ${c.saltBlock} has this hash and was mined after ${c.saltBlockAt}.`]
      : []),
  ];
}

/** One period against its own chain, step by step: the number from the hash and the salt, and the hash back to the published one. */
async function explainPeriod(p: PeriodResult, c: ColorCommitment): Promise<{ ok: boolean; lines: string[] }> {
  const check = await checkPeriod(p, c);
  const times = `${p.index} time${p.index === 1 ? '' : 's'}`.padEnd(11);
  return {
    ok: check.verified && check.colour === p.colour && check.size === p.size,
    lines: [
      `Period             ${p.period}: chain ${p.chain}, index ${p.index} (game period ${p.seq})`,
      `Hash               ${p.hash}`,
      `Hashed ${times} ${check.chained ? 'equals the published hash ✓' : 'does NOT equal the published hash ✗'}`,
      `HMAC               ${check.hmac}   (key = the hash, message "${c.salt}:${p.index}:0")`,
      `Float              ${check.float.toFixed(10)}`,
      `Number             ${check.number}, ${check.colour}, ${check.size}   ${check.number === p.number ? 'as recorded ✓' : `the server recorded ${p.number} ✗`}`,
    ],
  };
}

async function colour(values: Record<string, string | undefined>): Promise<boolean> {
  const period = values.period;
  const chainId = values.chain === undefined ? undefined : Number(values.chain);
  if (period !== undefined && !/^\d{12}$/.test(period)) fail('--period must be the 12-digit period number.');
  if (chainId !== undefined && !(Number.isInteger(chainId) && chainId > 0)) fail('--chain must be a chain number: 1, 2, …');
  let data: Published;
  if (values.from) data = JSON.parse(readFileSync(values.from, 'utf8')) as Published;
  else if (values.url) data = await fetchPublished(values.url, { period, chain: chainId });
  else fail('Give --url to fetch from a site, or --from to check a saved file.');
  if (values.save) writeFileSync(values.save, JSON.stringify(data, null, 2));

  const periods = period ? data.periods.filter((p) => p.period === period) : data.periods.filter((p) => p.chain === chainId);
  if (!periods.length) fail(period ? `Period ${period} is not in the data.` : `Chain ${chainId} has no ended period in the data.`);
  const chain = data.commitments.find((c) => c.id === (period ? periods[0].chain : chainId));
  if (!chain?.salt) fail(`The commitment of chain ${periods[0].chain} is not in the data.`);
  console.log(`From ${data.site}, fetched ${data.fetchedAt}\n`);
  console.log(describeChain(chain).join('\n'));
  console.log('');
  if (period) {
    const { ok, lines } = await explainPeriod(periods[0], chain);
    console.log(`${lines.join('\n')}\n\n${ok ? 'Verified ✓' : 'Does NOT verify ✗'}`);
    return ok;
  }
  // A whole chain, newest first: as many SHA-256 steps as its newest index, however many periods.
  const check = newChainCheck();
  const newestFirst = [...periods].sort((a, b) => b.index - a.index);
  await checkChainPage(newestFirst, { terminalHash: chain.terminalHash, salt: chain.salt }, check);
  const wrongWords = periods.filter((p) => colourName(p.number) !== p.colour || sizeOf(p.number) !== p.size).map((p) => p.period);
  const failed = [...new Set([...check.failed, ...wrongWords])];
  const ok = failed.length === 0;
  console.log(
    ok
      ? `All ${check.checked} ended periods of chain ${chain.id} verified ✓ (indexes ${newestFirst.at(-1)!.index} to ${newestFirst[0].index})`
      : `${failed.length} of ${check.checked} periods do NOT verify ✗: ${failed.join(', ')}`,
  );
  return ok;
}

async function seeds(values: Record<string, string | undefined>): Promise<boolean> {
  const serverSeed = values['server-seed'];
  const clientSeed = values['client-seed'];
  if (!serverSeed) fail('Missing --server-seed.');
  if (clientSeed === undefined) fail('Missing --client-seed.');
  const nonce = Number(values.nonce);
  if (!values.nonce || !Number.isSafeInteger(nonce) || nonce < 0) fail('--nonce must be a whole number, 0 or more.');
  const head = [
    `Server seed        ${serverSeed}`,
    `SHA-256 of it      ${await sha256Hex(serverSeed)}   (must equal the hash shown before rotation)`,
    `Client seed        ${clientSeed}`,
    `Nonce              ${nonce}`,
  ];

  if (values.prizes !== undefined) {
    const prizes = values.prizes.split(',').map((p) => p.trim());
    if (prizes.length < 2) fail('--prizes lists the wheel, at least two prizes: 10,LOSE,20,…');
    const bytes = await hmacBytes(serverSeed, clientSeed, nonce, 0);
    const float = bytesToFloat(bytes, 0);
    const segment = segmentOf(float, prizes.length);
    const prize = prizes[segment];
    console.log(
      [
        ...head,
        `HMAC round 0       ${hex(bytes)}   (message "${clientSeed}:${nonce}:0")`,
        `Float              ${float}`,
        `Segment            floor(${float.toFixed(6)} × ${prizes.length}) = ${segment}`,
        `Prize              ${prize === LOSE ? 'LOSE (no prize)' : `₹${prize}`}`,
      ].join('\n'),
    );
    return true;
  }

  const difficulty = parseDifficulty(values.difficulty);
  if (!difficulty) fail(`--difficulty must be one of ${DIFFICULTIES.join(', ')} (or give --prizes for a spin).`);
  const rtp = Number(values.rtp);
  if (!(rtp > 0 && rtp <= 1)) fail('--rtp must be a number in (0, 1].');
  const t = TRAPS[difficulty];
  const lanes = laneCount(difficulty);
  const drawn = await floats(serverSeed, clientSeed, nonce, t);
  const traps = trapsFromFloats(drawn, t);
  const ladder = multiplierLadder(difficulty, rtp);
  const rounds = Math.ceil((t * 4) / 32);
  const hmacs = await Promise.all(Array.from({ length: rounds }, (_, r) => hmacBytes(serverSeed, clientSeed, nonce, r)));
  const firstTrap = Math.min(...traps.filter((c) => c < lanes), lanes);
  console.log(
    [
      ...head,
      `Difficulty         ${difficulty}: ${t} trap${t > 1 ? 's' : ''} among ${25} cells, ${lanes} lanes`,
      ...hmacs.map((b, r) => `HMAC round ${r}       ${hex(b)}   (message "${clientSeed}:${nonce}:${r}")`),
      `Floats             ${drawn.map((f) => f.toFixed(10)).join(', ')}`,
      `Traps (draw order) [${traps.join(', ')}]`,
      `Trap lanes         ${
        [...traps]
          .filter((c) => c < lanes)
          .sort((a, b) => a - b)
          .join(', ') || 'none on the road'
      }`,
      firstTrap < lanes
        ? `First trap         lane ${firstTrap}: ${firstTrap} lane${firstTrap === 1 ? '' : 's'} can be crossed`
        : 'First trap         none: every lane can be crossed',
      '',
      'Lane  Multiplier  Outcome',
      ...ladder.map((m, lane) => `${String(lane).padStart(4)}  ${m.toFixed(2).padStart(10)}x  ${traps.includes(lane) ? 'TRAP' : 'safe'}`),
    ].join('\n'),
  );
  return true;
}

async function main(): Promise<void> {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        'server-seed': { type: 'string' },
        'client-seed': { type: 'string' },
        nonce: { type: 'string' },
        difficulty: { type: 'string' },
        rtp: { type: 'string', default: '0.98' },
        prizes: { type: 'string' },
        period: { type: 'string' },
        chain: { type: 'string' },
        url: { type: 'string' },
        from: { type: 'string' },
        save: { type: 'string' },
      },
    }));
  } catch (err) {
    fail((err as Error).message);
  }
  const ok = values.period !== undefined || values.chain !== undefined ? await colour(values) : await seeds(values);
  process.exit(ok ? 0 : 1);
}

await main();
