import { bigint, date, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { StatementMapping } from '../../../contracts/reconcile.js';

// Tables of bank-statement matching; mirrors migrations/0028_reconcile.sql.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const bankAccounts = pgTable('bank_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  mapping: jsonb('mapping').$type<StatementMapping>(),
  createdBy: uuid('created_by').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const statementImports = pgTable('statement_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  bankAccountId: uuid('bank_account_id').notNull(),
  fileName: text('file_name').notNull(),
  fileSha256: text('file_sha256').notNull(),
  creditLines: integer('credit_lines').notNull(),
  newLines: integer('new_lines').notNull(),
  firstDate: date('first_date', { mode: 'string' }),
  lastDate: date('last_date', { mode: 'string' }),
  importedBy: uuid('imported_by').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const statementLines = pgTable('statement_lines', {
  id: uuid('id').primaryKey().defaultRandom(),
  bankAccountId: uuid('bank_account_id').notNull(),
  fingerprint: text('fingerprint').notNull(),
  importId: uuid('import_id').notNull(),
  rowNumber: integer('row_number').notNull(),
  valueDate: date('value_date', { mode: 'string' }).notNull(),
  narration: text('narration').notNull(),
  reference: text('reference'),
  credit: bigint('credit', { mode: 'number' }).notNull(),
  utr: text('utr'),
  depositRefs: text('deposit_refs').array().notNull().default([]),
  depositId: uuid('deposit_id'),
  usedBy: uuid('used_by'),
  usedAt: at('used_at'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const statementImportLines = pgTable(
  'statement_import_lines',
  {
    importId: uuid('import_id').notNull(),
    lineId: uuid('line_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.lineId] })],
);
