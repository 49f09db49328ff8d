// Reports: the back office's overview of money and revenue, daily figures as CSV, and the
// database's figures for /metrics.
export { ledgerViolationCount, operationsFigures } from './reports.service.js';
export type { OperationsFigures } from './reports.service.js';
