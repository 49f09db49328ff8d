/*
 * The players of the money benchmark, in a process of their own: each plays Chicken Road rounds
 * (start Easy ₹10, up to three steps, cash-out while still playing) against the server over HTTP
 * with its bearer token, on a keep-alive connection of its own, as a phone would.
 *
 * Input (JSON on stdin): { base, tokens: string[], seconds, warmupSeconds, pauseMs }.
 * Output (JSON on stdout): counts and latencies of the measured seconds (after the warm-up).
 */
import http from 'node:http';

interface Input {
  base: string;
  tokens: string[];
  seconds: number;
  warmupSeconds: number;
  /** Each player waits this long after every answer (0: back to back). */
  pauseMs: number;
}

export interface LoadResult {
  players: number;
  seconds: number;
  calls: number;
  rounds: number;
  /** Ledger transfers the answered calls made: the bet of each start, the payout of each round won. */
  transfers: number;
  errors: number;
  errorSamples: string[];
  callMs: number[];
}

const input = JSON.parse(await new Response(process.stdin as unknown as ReadableStream).text()) as Input;
const url = new URL(input.base);
const agent = new http.Agent({ keepAlive: true, maxSockets: input.tokens.length });

type Round = { roundId?: string; state?: string };

function post(token: string, path: string, body: object): Promise<{ status: number; data: Round; message?: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `/api/v1/chicken-road/${path}`,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), authorization: `Bearer ${token}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data?: Round; message?: string };
            resolve({ status: res.statusCode ?? 0, data: json.data ?? {}, message: json.message });
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const result: LoadResult = { players: input.tokens.length, seconds: input.seconds, calls: 0, rounds: 0, transfers: 0, errors: 0, errorSamples: [], callMs: [] };
const begin = performance.now();
const measureFrom = begin + input.warmupSeconds * 1000;
const deadline = measureFrom + input.seconds * 1000;
/*
 * A pause of pauseMs on average, drawn between half and one and a half times it. Identical pauses
 * make the players a metronome: after any hiccup they all call again at the same instant, and
 * stay in step, a crowd no site sees (pgbench's paced mode draws its arrivals at random too).
 */
const pause = () => (input.pauseMs ? new Promise((r) => setTimeout(r, input.pauseMs * (0.5 + Math.random()))) : undefined);

async function player(token: string): Promise<void> {
  // Players who pause do not start in step: each begins at its own moment within one pause.
  if (input.pauseMs) await new Promise((r) => setTimeout(r, Math.random() * input.pauseMs));
  while (performance.now() < deadline) {
    let ok = true;
    const call = async (path: string, body: object): Promise<Round> => {
      const t0 = performance.now();
      const res = await post(token, path, body).catch((err: Error) => ({ status: 0, data: {} as Round, message: err.message }));
      const t1 = performance.now();
      if (t0 >= measureFrom && t1 <= deadline) {
        result.calls++;
        result.callMs.push(t1 - t0);
        // A start moves the bet; a call that ends the round won moves the payout.
        if (res.status === 200 && (path === 'start' || res.data.state === 'won')) result.transfers++;
        if (res.status !== 200) {
          result.errors++;
          if (result.errorSamples.length < 5) result.errorSamples.push(`${path} ${res.status} ${res.message ?? ''}`);
        }
      }
      if (res.status !== 200) ok = false;
      await pause();
      return res.data;
    };
    const t0 = performance.now();
    const started = await call('start', { betAmount: 10, difficulty: 'Easy', gameType: 'chicken' });
    if (!ok) continue;
    let state = started.state;
    for (let i = 0; i < 3 && state === 'playing' && ok; i++) state = (await call('go', { roundId: started.roundId })).state;
    if (state === 'playing' && ok) await call('stop', { roundId: started.roundId });
    if (t0 >= measureFrom && performance.now() <= deadline && ok) result.rounds++;
  }
}

await Promise.all(input.tokens.map(player));
agent.destroy();
process.stdout.write(JSON.stringify(result));
