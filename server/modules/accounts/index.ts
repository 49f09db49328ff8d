// Accounts: registration, one-time codes, sign-in and sessions, password reset, the profile.
export { ensureFirstAdmin } from './first-admin.js';
export { sessionCaller } from './session.service.js';
export { sessionHoldsSql } from './session.repo.js';
export { purgeExpired } from './purge.repo.js';
export { assertIndependent } from './independence.service.js';
