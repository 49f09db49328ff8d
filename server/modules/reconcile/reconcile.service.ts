import { createHash } from 'node:crypto';
import { DAY_MS, indiaMidnight } from '../../../contracts/india-time.js';
import type { StatementMapping } from '../../../contracts/reconcile.js';
import { IMPORTS_PAGE_SIZE, type ApproveResult } from '../../../contracts/reconcile.answers.js';
import type { Ctx, RequestCtx } from '../../lib/context.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { totalPages } from '../../lib/paging.js';
import type { AuthUser } from '../../types.js';
import { audit } from '../audit/index.js';
import { decideDeposit } from '../wallet/index.js';
import * as repo from './reconcile.repo.js';
import { applyMapping, guessMapping } from './statement.mapping.js';
import { matchStatement } from './statement.match.js';
import { readStatement } from './statement.read.js';

// Bank statements matched to deposit claims (docs/decisions/0032-bank-statements-matched-to-claims.md):
// a statement's credit lines are stored once per bank account, matched to the UPI deposits that
// claim them (by UTR, then by the deposit's reference in the narration), and a matched deposit is
// approved through the deposits' one approval path, the line used once.

export async function listAccounts(ctx: Ctx) {
  return repo.listAccounts(ctx.db);
}

export async function createAccount(ctx: RequestCtx<AuthUser>, { name }: { name: string }) {
  const actorId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    const row = await repo.insertAccount(tx, { name, createdBy: actorId, now: ctx.now });
    if (!row) throw conflict(`A bank account named "${name}" exists already.`, 'ACCOUNT_EXISTS');
    await audit(tx, { actorId, action: 'create', entity: 'bank-account', entityId: row.id, before: null, after: { name } });
    return row;
  });
}

/** The mapping to read a file with: the one sent, else the account's (if its columns are there), else a complete guess; else 422 with the headers. */
function mappingFor(headers: string[], sent: StatementMapping | undefined, saved: StatementMapping | null): StatementMapping {
  if (sent) return sent;
  const fits = (m: StatementMapping) => [m.date, m.narration, m.credit, m.reference, m.creditDebitColumn].every((c) => !c || headers.includes(c));
  if (saved && fits(saved)) return saved;
  const guess = guessMapping(headers);
  if (guess.date && guess.narration && guess.credit) return guess as StatementMapping;
  throw new AppError('MAPPING_NEEDED', 422, 'Say which columns hold the date, the narration and the credit amount: this layout is not one we know.', {
    data: { headers, guess },
  });
}

/**
 * Imports a statement file into a bank account: reads it whole (a bad file is refused with nothing
 * stored), stores its credit lines once per account, and answers the matching table. With
 * RECONCILE_AUTO_APPROVE, exact UTR-and-amount matches are approved by the importing admin.
 */
export async function importStatement(ctx: RequestCtx<AuthUser>, input: { accountId: string; fileName: string; bytes: Buffer; mapping?: StatementMapping }) {
  const { db, config, now } = ctx;
  const actorId = ctx.user.id;
  const account = await repo.findAccount(db, input.accountId);
  if (!account) throw notFound('That bank account was not found.', 'ACCOUNT_NOT_FOUND');
  const table = await readStatement(input.bytes, input.fileName, input.mapping ?? account.mapping);
  const mapping = mappingFor(table.headers, input.mapping, account.mapping);
  const lines = applyMapping(table, mapping);
  const dates = lines.map((l) => l.date).sort();
  const imported = await db.transaction(async (tx) => {
    if (input.mapping || !account.mapping) await repo.saveMapping(tx, account.id, mapping, now);
    const row = await repo.insertImport(tx, {
      bankAccountId: account.id,
      fileName: input.fileName.slice(0, 200),
      fileSha256: createHash('sha256').update(input.bytes).digest('hex'),
      creditLines: lines.length,
      newLines: 0,
      firstDate: dates[0] ?? null,
      lastDate: dates.at(-1) ?? null,
      importedBy: actorId,
      createdAt: now,
    });
    const added = await repo.storeLines(tx, account.id, row.id, lines);
    await repo.setNewLines(tx, row.id, added);
    await audit(tx, {
      actorId,
      action: 'import',
      entity: 'bank-statement',
      entityId: row.id,
      before: null,
      after: { account: account.name, fileName: row.fileName, sha256: row.fileSha256, creditLines: lines.length, newLines: added, mapping },
    });
    return row;
  });
  let autoApproved = 0;
  if (config.RECONCILE_AUTO_APPROVE) {
    const first = await reconcile(ctx, { importId: imported.id });
    const exact = first.rows.filter((r) => r.approvable && r.by === 'utr').map((r) => r.line!.id);
    if (exact.length) {
      const results = await approveLines(ctx, { importId: imported.id, lineIds: exact });
      autoApproved = results.filter((r) => r.outcome === 'approved').length;
    }
  }
  return { ...(await reconcile(ctx, { importId: imported.id })), autoApproved };
}

/** An import's lines matched against the deposits as they are now. */
export async function reconcile(ctx: Ctx, { importId }: { importId: string }) {
  const { db, config, now } = ctx;
  const imp = await repo.findImport(db, importId);
  if (!imp) throw notFound('That statement import was not found.', 'IMPORT_NOT_FOUND');
  const lines = await repo.linesOfImport(db, importId);
  const lastDay = imp.lastDate ? new Date(indiaMidnight(imp.lastDate).getTime() + DAY_MS - 1) : now;
  const claims = await repo.claimsFor(db, {
    utrs: [...new Set(lines.flatMap((l) => (l.utr ? [l.utr] : [])))],
    refs: [...new Set(lines.flatMap((l) => l.depositRefs))],
    pendingBefore: lastDay < now ? lastDay : now,
  });
  const rows = matchStatement(
    lines.map(repo.lineOf),
    claims.map((c) => ({
      id: c.id,
      userId: c.userId,
      amount: c.amount,
      utr: c.payNumber?.trim() || null,
      reference: c.reference,
      status: c.status,
      createdAt: c.createdAt,
      statementLineFingerprint: c.lineId,
    })),
    { now, noCreditAfterHours: config.RECONCILE_NO_CREDIT_HOURS, suggestWithinHours: config.RECONCILE_SUGGEST_HOURS },
  );
  return { import: imp, lines, claims, rows, noCreditAfterHours: config.RECONCILE_NO_CREDIT_HOURS };
}

/**
 * Approves the deposits that the chosen lines match exactly, each in its own transaction through
 * the deposits' approval (limits, two admins, audit naming the line); the line is taken in that
 * transaction, so a line pays once and a deposit is credited once, however many imports or admins
 * approve at the same moment. Each line answers for itself. The approving admin is `ctx.user`.
 */
export async function approveLines(ctx: RequestCtx<AuthUser>, { importId, lineIds }: { importId: string; lineIds: string[] }): Promise<ApproveResult[]> {
  const { now } = ctx;
  const actorId = ctx.user.id;
  const { rows, lines } = await reconcile(ctx, { importId });
  const results: ApproveResult[] = [];
  for (const lineId of [...new Set(lineIds)]) {
    const line = lines.find((l) => l.id === lineId);
    const row = rows.find((r) => r.line?.id === lineId);
    if (!line || !row) {
      results.push({ lineId, depositId: null, outcome: 'refused', message: 'That line is not in this statement.' });
      continue;
    }
    const deposit = row.deposits[0];
    if (!row.approvable || !deposit) {
      results.push({
        lineId,
        depositId: deposit?.id ?? null,
        outcome: 'refused',
        message: `Row ${line.rowNumber} is not an exact match, so it cannot be approved from here.`,
      });
      continue;
    }
    try {
      // Each deposit's decision is its own: none carries the call's Idempotency-Key.
      const answer = await decideDeposit(
        { ...ctx, key: undefined },
        {
          id: deposit.id,
          status: 'approved',
          proof: {
            claim: async (tx, depositId) => {
              if (!(await repo.claimLine(tx, line.id, depositId, actorId, now))) {
                throw conflict(`Row ${line.rowNumber} of the statement has paid another deposit already.`, 'LINE_USED');
              }
              return { statementLine: line.id, importId, row: line.rowNumber, date: line.valueDate, utr: line.utr, narration: line.narration };
            },
          },
        },
      );
      results.push(
        'awaitingSecondApproval' in answer
          ? { lineId, depositId: deposit.id, outcome: 'awaiting-second', message: 'First approval recorded: a second admin must approve to credit it.' }
          : { lineId, depositId: deposit.id, outcome: 'approved', message: 'Approved and credited.' },
      );
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      results.push({ lineId, depositId: deposit.id, outcome: 'refused', message: err.message });
    }
  }
  return results;
}

export async function listImports(ctx: Ctx, { page }: { page: number }) {
  const { rows, total } = await repo.listImports(ctx.db, IMPORTS_PAGE_SIZE, (page - 1) * IMPORTS_PAGE_SIZE);
  return { rows, page, total, totalPages: totalPages(total, IMPORTS_PAGE_SIZE) };
}
