import type { ChildProcess, SpawnSyncReturns } from 'node:child_process';

/** How long nginx keeps a server out after a failed call (its `fail_timeout`), in seconds. */
export declare const FAIL_TIMEOUT_SECONDS: number;
/** The nginx binary, or null when this machine has none. */
export declare function findNginx(): string | null;

/** nginx's configuration for `listen` (host:port) in front of `backends` (host:port each), its files under `prefix`. */
export declare function nginxConfig(options: { listen: string; backends: string[]; prefix: string }): string;

export interface RunningNginx {
  url: string;
  prefix: string;
  child: ChildProcess;
  reload(): SpawnSyncReturns<string>;
  stop(): Promise<void>;
}

/** Starts nginx in front of `backends` on host:port and waits until it listens. */
export declare function startNginx(options: {
  host?: string;
  port: number;
  backends: string[];
  binary?: string | null;
  inherit?: boolean;
}): Promise<RunningNginx>;
