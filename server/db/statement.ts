import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './client.js';

type Run = (name: string, text: string, values: unknown[]) => Promise<Record<string, unknown>[]>;
const runners = new WeakMap<object, Run>();

function runnerOf(db: Db): Run {
  let run = runners.get(db);
  if (!run) {
    const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
    run =
      client instanceof pg.Pool
        ? async (name, text, values) => (await client.query({ name, text, values })).rows
        : // PGlite runs a query with parameters as six protocol exchanges with its engine; one with
          // the values written in as literals is a single exchange, in about half the time.
          async (_name, text, values) => (await client.exec(withLiterals(text, values)))[0].rows as Record<string, unknown>[];
    runners.set(db, run);
  }
  return run;
}

/** The statement with $1, $2… replaced by the values as SQL literals (strings escaped by pg's escapeLiteral). */
export function withLiterals(text: string, values: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = values[Number(n) - 1];
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new Error(`Not a finite number for $${n}`);
      return String(value);
    }
    return pg.escapeLiteral(String(value));
  });
}

/**
 * A statement on the hot path, written once as SQL with $1, $2… and run as it is: no SQL is built
 * per call, and on PostgreSQL it is a named prepared statement, parsed and planned once per
 * connection. It runs on its own (autocommit), never inside a transaction: for calls that are one
 * statement. Answers the rows keyed by column name (rowFromJson turns them into Drizzle's shape).
 */
export function statement(name: string, text: string) {
  return (db: Db, ...values: unknown[]) => runnerOf(db)(name, text, values);
}
