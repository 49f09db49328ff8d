import type { ChildProcess, SpawnSyncReturns } from 'node:child_process';

/** Patroni's timing in seconds: the leader key's ttl, the loop, and how long etcd is retried. */
export declare const HA_TIMING: { ttl: number; loopWait: number; retryTimeout: number };

/** What this machine lacks to run the topology (empty when nothing). */
export declare function haMissing(): string[];

export interface HaNode {
  name: string;
  ns: string;
  ip: string;
  veth: string;
  dir: string;
}

export interface HaMember {
  name: string;
  role: 'leader' | 'sync_standby' | 'replica' | string;
  state: string;
  host?: string;
  timeline?: number;
  lag?: number | string;
}

export interface HaPostgres {
  /** HAProxy's port that always leads to the primary: the servers' DATABASE_URL (database rupee). */
  url: string;
  nodes: HaNode[];
  subnet: string;
  haproxy: ChildProcess;
  /** HAProxy's runtime API socket (admin level). */
  haproxySocket: string;
  members(): Promise<HaMember[]>;
  primaries(): Promise<string[]>;
  /** The primary's own view of its standbys (pg_stat_replication); empty without one primary. */
  standbys(): Promise<{ name: string; state: string; syncState: string; behindBytes: number }[]>;
  /** Waits until one primary and every other node streaming from it and caught up, one synchronous. */
  waitHealthy(timeoutMs?: number): Promise<void>;
  /** The standby the primary waits for now (its synchronous one), or undefined. */
  syncStandby(): Promise<string | undefined>;
  byName(name: string): HaNode;
  kill(name: string): void;
  revive(name: string): void;
  cut(name: string, how: 'link' | 'peers'): void;
  heal(name: string): void;
  switchover(leader: string, candidate?: string): SpawnSyncReturns<string>;
  reinit(name: string): SpawnSyncReturns<string>;
  behind(): Promise<string[]>;
  logs(name: string): string;
  haproxyLogs(): string;
  stop(): Promise<void>;
}

/** Starts etcd, three Patroni nodes in network namespaces and HAProxy on host:port; waits until healthy. */
export declare function startHaPostgres(options: { port: number; host?: string; synchronous?: boolean; log?: (line: string) => void }): Promise<HaPostgres>;
