// Creates the embedded database in the folder given and brings its schema up to date, then exits:
// run as a process of its own (server/db/client.ts) on a new folder, so the memory initdb and the
// first migrations take goes back to the system with it instead of staying with the server.
import { createPglite, migratePglite } from './client.js';

const dir = process.argv[2]!;
const db = await createPglite(dir);
await migratePglite(db);
await db.close();
// Opened once more, PostgreSQL writes its catalog caches' start-up files, which the migrations
// invalidated: the server then reads them instead of building the caches in its own memory.
const again = await createPglite(dir);
await again.query('SELECT 1');
await again.close();
