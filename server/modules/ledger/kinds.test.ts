import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAYOUT_KIND, STAKE_KIND, TRANSFER_KINDS } from './kinds.js';

const MIGRATIONS = join(__dirname, '..', '..', 'db', 'migrations');

/** The kinds the money functions of the migrations pass to ledger_move, function by function. */
function kindsInSql(): string[] {
  const kinds: string[] = [];
  for (const file of readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql'))) {
    const text = readFileSync(join(MIGRATIONS, file), 'utf8');
    for (const m of text.matchAll(/ledger_move\(([^;]*?)\)/g)) {
      const literal = /'([a-z_]+)'/.exec(m[1]);
      if (literal) kinds.push(literal[1]);
    }
  }
  return kinds;
}

describe('ledger kinds', () => {
  it('are the words the SQL money functions write: a stake and a payout', () => {
    const used = kindsInSql();
    expect(used.length).toBeGreaterThan(0);
    expect([...new Set(used)].sort()).toEqual([PAYOUT_KIND, STAKE_KIND].sort());
    expect(used.filter((kind) => !(TRANSFER_KINDS as readonly string[]).includes(kind))).toEqual([]);
  });
});
