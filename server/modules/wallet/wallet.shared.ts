import { z } from 'zod';
import { pageNumberSchema, pageQuerySchema } from '../../../contracts/paging.js';
import { isUuid } from '../../../contracts/ids.js';
import type { RequestStatus } from '../../../contracts/wallet.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { totalPages } from '../../lib/paging.js';

/** Ids are uuids; anything else cannot name a record, so it is "not found" rather than a database error. */
export function assertUuid(id: string, what: string): string {
  if (!isUuid(id)) throw notFound(`${what} was not found.`);
  return id.toLowerCase();
}

export const idParams = z.object({ id: z.string().min(1).max(64) });

export const pageQuery = pageQuerySchema;

/** The back office's history of every player, or of one (`userId`, for a user's History view). */
export const usersHistoryQuery = pageQuery.extend({
  userId: z
    .string()
    .trim()
    .max(64)
    .optional()
    .refine((v) => !v || isUuid(v), 'That is not a user id')
    .transform((v) => v?.toLowerCase() || undefined),
});

/** Admin lists: optional paging; without it the newest `limit` rows are listed. */
export const listQuery = z.object({
  page: pageNumberSchema,
  limit: z.coerce.number().int().min(1).max(500).default(100),
  status: z
    .string()
    .max(16)
    .optional()
    .transform((v) => v?.trim().toLowerCase() || undefined)
    .pipe(z.enum(['pending', 'approved', 'rejected'], { error: 'Status must be pending, approved or rejected' }).optional()),
});

export const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

/** `?method=` of the back-office lists: upi, crypto, telegram, or one exact method name. */
export const methodFilter = z
  .string()
  .max(16)
  .optional()
  .transform((v) => v?.trim().toLowerCase() || undefined)
  .pipe(z.enum(['upi', 'crypto', 'telegram', 'usdt', 'eth'], { error: 'Method filter must be upi, crypto or telegram' }).optional());
export type MethodFilterValue = z.infer<typeof methodFilter>;

/** Paging of a back-office list: the rows of `page`, `limit` a page. */
export const listPaging = (q: { page: number; limit: number }) => ({ limit: q.limit, offset: (q.page - 1) * q.limit });
export const listPageInfo = (q: { page: number; limit: number }, total: number) => ({ total, page: q.page, totalPages: totalPages(total, q.limit) });

/** A decision on a request someone else has already decided. */
export const notPending = (what: 'deposit' | 'withdrawal', status: string) =>
  conflict(`This ${what} has already been ${status}; only pending ${what}s can change.`, 'NOT_PENDING');

/** On a play-money site (PLAY_MONEY=1) no real money comes in or goes out. */
export const playMoneyOnly = (what: 'deposits' | 'withdrawals') => forbidden(`This site uses play money only: there are no ${what}.`, 'PLAY_MONEY_ONLY');

/** Nobody decides their own money request: an admin's own deposit or withdrawal waits for another admin. */
export function assertNotOwnRequest(actorId: string, ownerId: string): void {
  if (actorId === ownerId) throw forbidden('This request is your own: another admin must decide it.', 'OWN_REQUEST');
}

/** What a decision call answers: the request and its status, and whether it waits for a second admin. */
export type DecisionAnswer = { _id: string; status: RequestStatus } | { _id: string; status: RequestStatus; awaitingSecondApproval: true };

/**
 * A decision run again with its Idempotency-Key (its first answer lost, decision 0029): the
 * decided request as that call left it, when the request keeps that call's key and admin; null
 * otherwise. The final decision answers the request's status; a first approval of two answers
 * "awaiting a second approval" while the request still waits, and its decided state once decided.
 */
export function replayedDecision(
  request: {
    id: string;
    status: RequestStatus;
    decidedBy: string | null;
    decisionKey: string | null;
    firstApprovedBy: string | null;
    firstApprovalKey: string | null;
  },
  actorId: string,
  key: string | undefined,
): DecisionAnswer | null {
  if (!key) return null;
  if (request.decisionKey === key && request.decidedBy === actorId) return { _id: request.id, status: request.status };
  if (request.firstApprovalKey === key && request.firstApprovedBy === actorId) {
    return request.status === 'pending'
      ? { _id: request.id, status: request.status, awaitingSecondApproval: true }
      : { _id: request.id, status: request.status };
  }
  return null;
}
