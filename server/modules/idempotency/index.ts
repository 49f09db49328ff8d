// Idempotency keys: a money call sent again with the same key gets its first answer back.
export { claim, settle } from './idempotency.service.js';
export type { ClaimOutcome } from './idempotency.service.js';
export { purgeExpired } from './purge.repo.js';
