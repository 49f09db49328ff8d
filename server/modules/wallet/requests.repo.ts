import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { RequestStatus } from '../../../contracts/wallet.js';

// What deposit and withdrawal requests share in SQL: the back-office list filters.

export interface RequestListFilter<M extends string> {
  /** Only these methods; an empty list (a filter no method of this kind matches) lists nothing. */
  methods?: M[];
  status?: RequestStatus;
  limit: number;
  offset: number;
}

export function requestWhere(columns: { method: PgColumn; status: PgColumn }, f: RequestListFilter<string>): SQL | undefined {
  const conditions: SQL[] = [];
  if (f.methods) conditions.push(f.methods.length ? inArray(columns.method, f.methods) : sql`false`);
  if (f.status) conditions.push(eq(columns.status, f.status));
  return conditions.length ? and(...conditions) : undefined;
}
