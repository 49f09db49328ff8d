// The audit log: who changed what in the back office, and when.
export { audit } from './audit.service.js';
export type { AuditEntry } from './audit.repo.js';
