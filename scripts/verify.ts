/*
 * Recomputes a Chicken Road round from its seeds (docs/fairness.md):
 *   npm run verify -- --server-seed S --client-seed C --nonce N --difficulty D [--rtp 0.98]
 */
import { parseArgs } from 'node:util';
import { DIFFICULTIES, laneCount, multiplierLadder, parseDifficulty, TRAPS, trapsFromFloats } from '../contracts/chicken.js';
import { floats, hmacBytes, sha256Hex } from '../contracts/fairness.math.js';

const USAGE = 'Usage: npm run verify -- --server-seed <hex> --client-seed <text> --nonce <n> --difficulty <Easy|Medium|Hard|Hardest> [--rtp 0.98]';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
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
      },
    }));
  } catch (err) {
    fail((err as Error).message);
  }
  const serverSeed = values['server-seed'];
  const clientSeed = values['client-seed'];
  if (!serverSeed) fail('Missing --server-seed.');
  if (clientSeed === undefined) fail('Missing --client-seed.');
  const nonce = Number(values.nonce);
  if (!values.nonce || !Number.isSafeInteger(nonce) || nonce < 0) fail('--nonce must be a whole number, 0 or more.');
  const difficulty = parseDifficulty(values.difficulty);
  if (!difficulty) fail(`--difficulty must be one of ${DIFFICULTIES.join(', ')}.`);
  const rtp = Number(values.rtp);
  if (!(rtp > 0 && rtp <= 1)) fail('--rtp must be a number in (0, 1].');

  const t = TRAPS[difficulty];
  const lanes = laneCount(difficulty);
  const drawn = await floats(serverSeed, clientSeed, nonce, t);
  const traps = trapsFromFloats(drawn, t);
  const ladder = multiplierLadder(difficulty, rtp);
  const rounds = Math.ceil((t * 4) / 32);
  const hmacs = await Promise.all(Array.from({ length: rounds }, (_, r) => hmacBytes(serverSeed, clientSeed, nonce, r)));
  const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
  const firstTrap = Math.min(...traps.filter((c) => c < lanes), lanes);

  const out = [
    `Server seed        ${serverSeed}`,
    `SHA-256 of it      ${await sha256Hex(serverSeed)}   (must equal the hash shown before rotation)`,
    `Client seed        ${clientSeed}`,
    `Nonce              ${nonce}`,
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
  ];
  console.log(out.join('\n'));
}

await main();
