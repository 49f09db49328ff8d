export declare const LOCAL_POSTGRES: string;

export interface ScratchDatabase {
  name: string;
  url: string;
  /** Drops the database and any database named after it. */
  drop(): Promise<void>;
}

/**
 * Creates an empty database named `${prefix}_<time>_<pid>` on the server of `serverUrl` (default
 * TEST_PG_ADMIN_URL or the local server). Null when no server answers (with `orThrow`, throws why);
 * throws when it refuses.
 */
export declare function scratchDatabase(prefix: string, serverUrl: string | undefined, options: { orThrow: true }): Promise<ScratchDatabase>;
export declare function scratchDatabase(prefix: string, serverUrl?: string, options?: { orThrow?: boolean }): Promise<ScratchDatabase | null>;

/** A database URL as it may be printed: without its user and password. */
export declare function withoutCredentials(url: string): string;
