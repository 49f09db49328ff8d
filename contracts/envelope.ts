import { z } from 'zod';

/**
 * The envelopes every answer comes in. Routes declare their
 * answers with these, the server's serializer checks every answer against them, and the web app
 * reads the same types: one shape, from the database to the screen.
 */

/** `{ success: true, message, data }` around a call's data. */
export const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), message: z.string(), data });
export type Ok<T extends z.ZodType> = z.infer<ReturnType<typeof ok<T>>>;

/** `{ success: true, message }` for calls that answer nothing else. */
export const okMessage = z.object({ success: z.literal(true), message: z.string() });

/** One invalid field of a refused request. */
export const fieldErrorSchema = z.object({ field: z.string().nullable(), message: z.string() });

/**
 * Every error: `{ success: false, message, code }`, `errors[]` for validation, and sometimes
 * `data` (such as `retryAfter` or the id of a registration waiting for its code).
 */
export const errorSchema = z
  .object({
    success: z.literal(false),
    code: z.string(),
    message: z.string(),
    errors: z.array(fieldErrorSchema).optional(),
    data: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();
export type ErrorAnswer = z.infer<typeof errorSchema>;
