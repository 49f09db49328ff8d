import { z } from 'zod';
import { toRupees } from '../../../contracts/money.js';
import { notFound } from '../../lib/errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids; anything else cannot name a record, so it is "not found" rather than a database error. */
export function assertUuid(id: string, what: string): string {
  if (!UUID.test(id)) throw notFound(`${what} was not found.`);
  return id.toLowerCase();
}

export const idParams = z.object({ id: z.string().min(1).max(64) });

export const pageQuery = z.object({
  page: z.coerce.number({ error: 'Page must be a whole number' }).int('Page must be a whole number').min(1, 'Page starts at 1').max(100_000).default(1),
});

/** Admin lists: optional paging; without it the newest `limit` rows are listed. */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  status: z
    .string()
    .max(16)
    .optional()
    .transform((v) => v?.trim().toLowerCase() || undefined)
    .pipe(z.enum(['pending', 'approved', 'rejected'], { error: 'Status must be pending, approved or rejected' }).optional()),
});

export const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();
export const rupees = (paise: number | string | bigint): number => toRupees(Number(paise));
export const formatRupees = (paise: number): string => `₹${toRupees(paise).toLocaleString('en-IN')}`;

export const totalPages = (total: number, size: number): number => Math.max(1, Math.ceil(total / size));

/** `?method=` of the back-office lists: upi, crypto, telegram, or one exact method name. */
export const methodFilter = z
  .string()
  .max(16)
  .optional()
  .transform((v) => v?.trim().toLowerCase() || undefined)
  .pipe(z.enum(['upi', 'crypto', 'telegram', 'usdt', 'eth'], { error: 'Method filter must be upi, crypto or telegram' }).optional());
export type MethodFilterValue = z.infer<typeof methodFilter>;
