// Each feature keeps its tables in its own file; this index gathers them for Drizzle.
export * from './core.js';
export * from './accounts.js';
export * from './wallet.js';
export * from './chicken.js';
export * from './spinner.js';
export * from './responsible.js';
export * from './color.js';
export * from './telegram.js';
export * from './reconcile.js';
