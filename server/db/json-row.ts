import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/**
 * A row the database answered as JSON (`to_jsonb(row)`, keyed by column name) in the shape a
 * Drizzle select gives it: property names, dates as Date, bigints as numbers.
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}
