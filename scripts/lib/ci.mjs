// On CI (CI=true) the proofs that need PostgreSQL, Redis or a tool must run: a missing one fails
// the run with a message instead of skipping them. Elsewhere they are skipped.
export const IN_CI = ['true', '1'].includes((process.env.CI ?? '').toLowerCase());
