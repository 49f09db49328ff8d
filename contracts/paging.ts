import { z } from 'zod';

/** The page a list call asks for: 1 when left out; a page past the last answers an empty list. */
export const pageNumberSchema = z.coerce
  .number({ error: 'The page must be a number.' })
  .int('The page must be a whole number.')
  .min(1, 'The page must be 1 or more.')
  .max(1_000_000, 'The page must be at most 1,000,000.')
  .default(1);

/** `?page=` of every paged list: one schema, so every list reads its page alike. */
export const pageQuerySchema = z.object({ page: pageNumberSchema });
