import { z } from 'zod';

/** `{ success: true, message, data }` around a call's data. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), message: z.string(), data });
