import { beforeAll } from 'vitest';
import { resetDatabase, testDatabase } from './db.js';

// Every test file starts from empty tables.
beforeAll(async () => {
  await resetDatabase(await testDatabase());
});
