import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../server/db/schema/index.js';
import { testDatabase } from '../helpers/db.js';

// The database is made by the SQL migrations; the code reads it through the Drizzle schema.
// This compares the two, table by table and column by column, so they cannot drift apart.
interface DbColumn {
  table: string;
  column: string;
  type: string;
  nullable: boolean;
}

/** information_schema's name for each Drizzle column type we use. */
const SQL_TYPE: Record<string, string> = {
  PgUUID: 'uuid',
  PgText: 'text',
  PgInteger: 'integer',
  PgBigInt53: 'bigint',
  PgBigInt64: 'bigint',
  PgBigSerial53: 'bigint',
  PgBigSerial64: 'bigint',
  PgSmallInt: 'smallint',
  PgBoolean: 'boolean',
  PgTimestamp: 'timestamp with time zone',
  PgJsonb: 'jsonb',
  PgArray: 'ARRAY',
  PgSerial: 'integer',
  PgDateString: 'date',
};

describe('Drizzle schema and migrations', () => {
  let columns: DbColumn[];
  beforeAll(async () => {
    const db = await testDatabase();
    const result = (await db.db.execute(`
      SELECT table_name AS "table", column_name AS "column", data_type AS "type", is_nullable = 'YES' AS nullable
        FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name <> 'schema_migrations'
       ORDER BY table_name, ordinal_position`)) as unknown as { rows: DbColumn[] };
    columns = result.rows;
  });

  const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => v instanceof PgTable).map((t) => getTableConfig(t));

  it('has a Drizzle table for every table the migrations make, and no other', () => {
    expect(tables.map((t) => t.name).sort()).toEqual([...new Set(columns.map((c) => c.table))].sort());
  });

  it('declares every column with the migrations’ name, type and nullability', () => {
    const fromDrizzle = tables
      .flatMap((t) => t.columns.map((c) => ({ table: t.name, column: c.name, type: SQL_TYPE[c.columnType] ?? c.columnType, nullable: !c.notNull })))
      .sort((a, b) => `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`));
    const fromSql = [...columns].sort((a, b) => `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`));
    expect(fromDrizzle).toEqual(fromSql);
  });
});
