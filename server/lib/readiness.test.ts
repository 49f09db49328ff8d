import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.js';
import { DatabaseWatch } from './readiness.js';

// The database's outages as one server sees them (rupee_database_* in /metrics): how long it was
// without the database, and whether it came back to another server (a failover).

const lost = Object.assign(new Error('connect ECONNREFUSED 192.0.2.10:5000'), { code: 'ECONNREFUSED' });

function watched(address: () => string | null) {
  const reads = { count: 0 };
  const connections: ((address: string) => void)[] = [];
  const database = {
    kind: 'postgres',
    exec: async () => undefined,
    serverAddress: async () => {
      reads.count++;
      return address();
    },
    onNewConnection: (listener: (address: string) => void) => connections.push(listener),
  } as unknown as Database;
  const log = { warn: vi.fn(), info: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };
  const connect = (server: string) => connections.forEach((l) => l(server));
  return { watch: new DatabaseWatch(database, log), log, reads, connect };
}

describe('DatabaseWatch', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts a failover when the database answers from another server after an outage, and only then', async () => {
    let server: string | null = '192.0.2.1:5432';
    const { watch, log, reads } = watched(() => server);
    try {
      await watch.started;
      expect(reads.count).toBe(1);
      // Back on the same server (a restart): no failover.
      expect(watch.noticed(lost)).toBe(true);
      await watch.answered();
      expect(watch.failovers).toBe(0);
      // The standby at another address was promoted behind the same DATABASE_URL.
      watch.noticed(lost);
      server = '192.0.2.2:5432';
      await watch.answered();
      expect(watch.failovers).toBe(1);
      expect(log.warn).toHaveBeenCalledWith({ from: '192.0.2.1:5432', to: '192.0.2.2:5432' }, expect.stringContaining('failover'));
      // Read at the start and at each outage's end, never in between.
      expect(reads.count).toBe(3);
      await watch.answered();
      expect(reads.count).toBe(3);
      watch.noticed(lost);
      await watch.answered();
      expect(watch.failovers).toBe(1);
    } finally {
      watch.close();
    }
  });

  it('counts a failover seen by a new connection of the pool, with no outage noticed (a server idle through it), once', async () => {
    let server = '192.0.2.1:5432';
    const { watch, connect } = watched(() => server);
    try {
      await watch.started;
      connect('192.0.2.1:5432');
      expect(watch.failovers).toBe(0);
      server = '192.0.2.2:5432';
      connect('192.0.2.2:5432');
      connect('192.0.2.2:5432');
      expect(watch.failovers).toBe(1);
      expect(watch.count.outages).toBe(0);
      // An outage that ends on the server the pool already reached is no second failover.
      watch.noticed(lost);
      await watch.answered();
      expect(watch.failovers).toBe(1);
    } finally {
      watch.close();
    }
  });

  it('never counts one on a database without a server address (PGlite)', async () => {
    const { watch } = watched(() => null);
    try {
      await watch.started;
      for (let i = 0; i < 2; i++) {
        watch.noticed(lost);
        await watch.answered();
      }
      expect(watch.count.reconnects).toBe(2);
      expect(watch.failovers).toBe(0);
    } finally {
      watch.close();
    }
  });

  it('adds up the seconds without the database, the outage going on included', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Date.parse('2026-11-23T12:00:00.000Z');
    vi.setSystemTime(t0);
    const { watch } = watched(() => '192.0.2.1:5432');
    try {
      await watch.started;
      expect(watch.count.unavailableSeconds()).toBe(0);
      watch.noticed(lost);
      vi.setSystemTime(t0 + 2_500);
      expect(watch.count.unavailableSeconds()).toBe(2.5);
      vi.setSystemTime(t0 + 3_000);
      await watch.answered();
      vi.setSystemTime(t0 + 60_000);
      expect(watch.count.unavailableSeconds()).toBe(3);
      watch.noticed(lost);
      vi.setSystemTime(t0 + 61_500);
      expect(watch.count.unavailableSeconds()).toBe(4.5);
    } finally {
      watch.close();
    }
  });
});
