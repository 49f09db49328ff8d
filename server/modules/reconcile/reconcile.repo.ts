import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { StatementLine, StatementMapping } from '../../../contracts/reconcile.js';
import type { DbOrTx } from '../../db/client.js';
import { bankAccounts, statementImportLines, statementImports, statementLines, users, walletDeposits } from '../../db/schema/index.js';

export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type StatementImportRow = typeof statementImports.$inferSelect;
export type StatementLineRow = typeof statementLines.$inferSelect;

export const listAccounts = (db: DbOrTx): Promise<BankAccountRow[]> => db.select().from(bankAccounts).orderBy(asc(bankAccounts.name));

export async function findAccount(db: DbOrTx, id: string): Promise<BankAccountRow | undefined> {
  const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.id, id));
  return row;
}

/** Inserts a bank account; undefined when the name is taken. */
export async function insertAccount(db: DbOrTx, v: { name: string; createdBy: string; now: Date }): Promise<BankAccountRow | undefined> {
  const [row] = await db
    .insert(bankAccounts)
    .values({ name: v.name, createdBy: v.createdBy, createdAt: v.now, updatedAt: v.now })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function saveMapping(db: DbOrTx, id: string, mapping: StatementMapping, now: Date): Promise<void> {
  await db.update(bankAccounts).set({ mapping, updatedAt: now }).where(eq(bankAccounts.id, id));
}

export async function insertImport(db: DbOrTx, v: Omit<typeof statementImports.$inferInsert, 'id'>): Promise<StatementImportRow> {
  const [row] = await db.insert(statementImports).values(v).returning();
  return row!;
}

/** A statement line as its columns store it; `lineOf` reads it back. */
const lineColumns = (l: StatementLine) => ({
  rowNumber: l.row,
  valueDate: l.date,
  narration: l.narration,
  reference: l.reference,
  credit: l.credit,
  utr: l.utr,
  depositRefs: l.depositRefs,
  fingerprint: l.fingerprint,
});

/** A stored line as the matching reads it (statement.match.ts): the line, its id and the deposit it paid. */
export const lineOf = (row: StatementLineRow): StatementLine & { id: string; usedBy: string | null } => ({
  id: row.id,
  row: row.rowNumber,
  date: row.valueDate,
  narration: row.narration,
  reference: row.reference,
  credit: row.credit,
  utr: row.utr,
  depositRefs: row.depositRefs,
  fingerprint: row.fingerprint,
  usedBy: row.depositId,
});

/**
 * Stores the import's lines: a line the account's statements showed before (same fingerprint)
 * is kept as it was, so an overlapping or repeated import adds nothing. Answers how many were new.
 */
export async function storeLines(db: DbOrTx, accountId: string, importId: string, lines: StatementLine[]): Promise<number> {
  if (lines.length === 0) return 0;
  let added = 0;
  for (let i = 0; i < lines.length; i += 500) {
    const chunk = lines.slice(i, i + 500);
    const inserted = await db
      .insert(statementLines)
      .values(chunk.map((l) => ({ bankAccountId: accountId, importId, ...lineColumns(l) })))
      .onConflictDoNothing({ target: [statementLines.bankAccountId, statementLines.fingerprint] })
      .returning({ id: statementLines.id });
    added += inserted.length;
    const ids = await db
      .select({ id: statementLines.id })
      .from(statementLines)
      .where(
        and(
          eq(statementLines.bankAccountId, accountId),
          inArray(
            statementLines.fingerprint,
            chunk.map((l) => l.fingerprint),
          ),
        ),
      );
    await db
      .insert(statementImportLines)
      .values(ids.map((r) => ({ importId, lineId: r.id })))
      .onConflictDoNothing();
  }
  return added;
}

export async function findImport(db: DbOrTx, id: string): Promise<(StatementImportRow & { accountName: string; importedByName: string | null }) | undefined> {
  const [row] = await db
    .select({ imp: statementImports, accountName: bankAccounts.name, importedByName: users.fullName })
    .from(statementImports)
    .innerJoin(bankAccounts, eq(bankAccounts.id, statementImports.bankAccountId))
    .leftJoin(users, eq(users.id, statementImports.importedBy))
    .where(eq(statementImports.id, id));
  return row ? { ...row.imp, accountName: row.accountName, importedByName: row.importedByName } : undefined;
}

/** The newest imports, with their account's name. */
export async function listImports(db: DbOrTx, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ imp: statementImports, accountName: bankAccounts.name, importedByName: users.fullName })
      .from(statementImports)
      .innerJoin(bankAccounts, eq(bankAccounts.id, statementImports.bankAccountId))
      .leftJoin(users, eq(users.id, statementImports.importedBy))
      .orderBy(desc(statementImports.createdAt))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(statementImports),
  ]);
  return { rows: rows.map((r) => ({ ...r.imp, accountName: r.accountName, importedByName: r.importedByName })), total: total?.n ?? 0 };
}

/** The lines an import showed, in the file's order. */
export const linesOfImport = (db: DbOrTx, importId: string): Promise<StatementLineRow[]> =>
  db
    .select({ line: statementLines })
    .from(statementImportLines)
    .innerJoin(statementLines, eq(statementLines.id, statementImportLines.lineId))
    .where(eq(statementImportLines.importId, importId))
    .orderBy(asc(statementLines.valueDate), asc(statementLines.rowNumber))
    .then((rows) => rows.map((r) => r.line));

export type ClaimRow = Pick<
  typeof walletDeposits.$inferSelect,
  'id' | 'userId' | 'amount' | 'payNumber' | 'reference' | 'status' | 'createdAt' | 'firstApprovedBy'
> & { playerName: string | null; lineId: string | null };

/**
 * The deposits a statement's lines may concern: every UPI deposit whose UTR (leading zeros aside)
 * or reference a line shows, whatever its status, and every pending UPI deposit made before the
 * statement's last day ended (for suggestions and "no credit").
 */
export async function claimsFor(db: DbOrTx, v: { utrs: string[]; refs: string[]; pendingBefore: Date }): Promise<ClaimRow[]> {
  const byUtr = v.utrs.length
    ? sql`ltrim(${walletDeposits.payNumber}, '0') IN (${sql.join(
        v.utrs.map((u) => sql`${u.replace(/^0+/, '')}`),
        sql`, `,
      )})`
    : undefined;
  const byRef = v.refs.length ? inArray(walletDeposits.reference, v.refs) : undefined;
  const pending = and(eq(walletDeposits.status, 'pending'), lte(walletDeposits.createdAt, v.pendingBefore));
  const rows = await db
    .select({
      id: walletDeposits.id,
      userId: walletDeposits.userId,
      amount: walletDeposits.amount,
      payNumber: walletDeposits.payNumber,
      reference: walletDeposits.reference,
      status: walletDeposits.status,
      createdAt: walletDeposits.createdAt,
      firstApprovedBy: walletDeposits.firstApprovedBy,
      playerName: users.fullName,
      lineId: statementLines.id,
    })
    .from(walletDeposits)
    .leftJoin(users, eq(users.id, walletDeposits.userId))
    .leftJoin(statementLines, eq(statementLines.depositId, walletDeposits.id))
    .where(and(eq(walletDeposits.method, 'UPI'), or(byUtr, byRef, pending)))
    .orderBy(asc(walletDeposits.createdAt))
    .limit(5000);
  return rows;
}

/** Marks a line as the one that paid this deposit; false when the line was used already. */
export async function claimLine(db: DbOrTx, lineId: string, depositId: string, actorId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(statementLines)
    .set({ depositId, usedBy: actorId, usedAt: now })
    .where(and(eq(statementLines.id, lineId), isNull(statementLines.depositId)))
    .returning({ id: statementLines.id });
  return rows.length === 1;
}

export async function findLine(db: DbOrTx, id: string): Promise<StatementLineRow | undefined> {
  const [row] = await db.select().from(statementLines).where(eq(statementLines.id, id));
  return row;
}

export async function setNewLines(db: DbOrTx, importId: string, n: number): Promise<void> {
  await db.update(statementImports).set({ newLines: n }).where(eq(statementImports.id, importId));
}
