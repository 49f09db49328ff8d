// `npm test` (./run test, CI): every stage in turn, each one's time printed as it ends and all of
// them at the end; the first stage that fails stops the run with its exit code.
import { spawnSync } from 'node:child_process';

const STAGES = ['lint', 'typecheck', 'test:server', 'test:server:pg', 'test:faults', 'test:failover', 'test:hostile', 'test:web', 'test:e2e'];
const only = process.argv.slice(2);
const times = [];
const started = Date.now();
const minutes = (ms) => `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}`;

for (const stage of only.length ? STAGES.filter((s) => only.includes(s)) : STAGES) {
  const t0 = Date.now();
  console.log(`\n=== ${stage} ===`);
  const { status } = spawnSync('npm', ['run', '--silent', stage], { stdio: 'inherit' });
  const ms = Date.now() - t0;
  times.push([stage, ms, status]);
  console.log(`=== ${stage}: ${status === 0 ? 'passed' : `FAILED (exit ${status})`} in ${minutes(ms)} ===`);
  if (status !== 0) break;
}
console.log(`\nStages (min:s):\n${times.map(([s, ms, status]) => `  ${s.padEnd(16)} ${minutes(ms).padStart(6)}${status === 0 ? '' : '  FAILED'}`).join('\n')}`);
console.log(`  ${'total'.padEnd(16)} ${minutes(Date.now() - started).padStart(6)}`);
const failed = times.find(([, , status]) => status !== 0);
process.exit(failed ? (failed[2] ?? 1) : 0);
