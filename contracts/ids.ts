import { z } from 'zod';

/** A record id: a uuid, in any letter case (stored and compared in lowercase). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

/** A uuid field: any letter case in, lowercase out, so it compares equal to the stored id. */
export const uuidSchema = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(64, message)
    .regex(UUID_PATTERN, message)
    .transform((v) => v.toLowerCase());

/**
 * A `userId` the original client sends beside the caller's credentials. It is only compared with
 * the caller's own id (anything else is refused with 403), so it is not required to be a uuid;
 * it is lowercased so the player's own id written in capitals still matches.
 */
export const claimedUserIdSchema = z
  .string()
  .trim()
  .max(64)
  .transform((v) => v.toLowerCase());
