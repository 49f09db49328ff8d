// A throw-away database on a PostgreSQL server, for a test run, a drill or a benchmark: created
// empty under a fresh name, dropped afterwards (with any database named after it, such as the
// test workers' own, tests/helpers/db.ts). Plain JavaScript, so scripts run by Node alone use it too.
import pg from 'pg';

/** The local server's maintenance database, where databases are created and dropped. */
export const LOCAL_POSTGRES = 'postgres://postgres@localhost:5432/postgres';

/** A database URL as it may be printed: without its user and password. */
export function withoutCredentials(url) {
  return url.replace(/\/\/[^@/]*@/, '//');
}

/**
 * Creates an empty database named `${prefix}_<time>_<pid>` on the server of `serverUrl` (whose
 * user must be allowed CREATE DATABASE). Answers null when no server answers there, or with
 * `orThrow` throws why (the server's own words, such as an unknown role).
 */
export async function scratchDatabase(prefix, serverUrl = process.env.TEST_PG_ADMIN_URL || LOCAL_POSTGRES, { orThrow = false } = {}) {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch (err) {
    if (!orThrow) return null;
    throw new Error(`could not connect to the PostgreSQL server of ${withoutCredentials(serverUrl)}: ${err.message}`, { cause: err });
  }
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: serverUrl });
      await again.connect();
      try {
        const { rows } = await again.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${name}%`]);
        for (const { datname } of rows) await again.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      } finally {
        await again.end();
      }
    },
  };
}
