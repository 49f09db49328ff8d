import { supportTelegramSchema, supportWhatsappSchema } from '../contracts/site.js';
import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');
const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());
/**
 * Which proxies may speak for the client in `X-Forwarded-For`: a hop count (`1` for one proxy in
 * front) or the proxies' own addresses/CIDRs. "Trust any" is refused: with it every request could
 * name its own address and get a fresh rate-limit allowance.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const text = (v ?? '').trim();
    if (text === '' || text === '0' || text === 'false' || text === 'no') return false;
    if (/^\d+$/.test(text)) return Number(text);
    if (text === 'true' || text === 'yes' || text === '*') {
      ctx.addIssue({
        code: 'custom',
        message: 'give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.5,10.0.0.0/8); trusting any sender is unsafe',
      });
      return z.NEVER;
    }
    const list = text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = list.filter((a) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(a) && !['loopback', 'linklocal', 'uniquelocal'].includes(a));
    if (bad.length) {
      ctx.addIssue({ code: 'custom', message: `not an address, CIDR or hop count: ${bad.join(', ')}` });
      return z.NEVER;
    }
    return list;
  });
const rupees = (dflt: number) => z.coerce.number().positive().max(10_000_000).default(dflt);

export const OTP_CHANNELS = ['email', 'sms'] as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  WEB_DIR: z.string().default('./dist/web'),
  DATABASE_URL: optionalUrl,
  /**
   * Milliseconds a statement on PostgreSQL may go without an answer before its call fails (503,
   * to be retried) and its connection is closed: a connection to a machine that vanished (no RST)
   * would otherwise hang until TCP gives up. Under the load tests' 10 s call timeout; 0: none.
   */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(8000),
  REDIS_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  TRUST_PROXY: trustProxy,
  /** Realtime socket connections one client address may hold on one server (many players can share an address behind a mobile carrier). */
  SOCKET_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(200),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Where the secret generated without APP_SECRET is kept: outside DATA_DIR, so a copy of the data holds no key (default: beside DATA_DIR, defaultSecretsFile). */
  SECRETS_FILE: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** A bearer token for GET /metrics; without one, only a direct connection from this machine may read it. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** How often expired keys, codes, tokens and idle demo players are purged (one server at a time). */
  PURGE_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  SMTP_URL: optionalUrl,
  SMTP_FROM: z.string().default('Rupee Arcade <no-reply@localhost>'),
  SMS_URL: optionalUrl,
  SMS_API_KEY: z.string().optional(),
  SMS_SENDER: z.string().default('RUPEE'),
  OTP_CHANNELS: z
    .string()
    .default('email,sms')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(OTP_CHANNELS)).min(1)),
  DEV_OUTBOX: bool,
  /** Admins sign in with a second factor (an authenticator app's code); on by default in production. */
  ADMIN_2FA: z.enum(['1', '0', 'true', 'false', 'yes', 'no', '']).optional(),
  TELEGRAM_BOT_TOKEN: z.string().optional(),
  /** Help & Support's defaults until the back office sets its own (contracts/site.ts holds their rules). */
  SUPPORT_WHATSAPP: z
    .string()
    .optional()
    .transform((v) => v ?? '')
    .pipe(supportWhatsappSchema)
    .transform((v) => v || undefined),
  SUPPORT_TELEGRAM: z
    .string()
    .optional()
    .transform((v) => v ?? '')
    .pipe(supportTelegramSchema)
    .transform((v) => v || undefined),
  TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  ADMIN_EMAIL: z.email().default('admin@example.com'),
  ADMIN_PHONE: z
    .string()
    .regex(/^\+\d{8,15}$/, 'must look like +919876543210')
    .default('+919999999999'),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  DEPOSIT_MIN: rupees(100),
  DEPOSIT_MAX: rupees(5000),
  /** The payee's name in a UPI request for an exact amount (`pn` of the UPI link, contracts/upi.ts): the name a UPI app shows the payer. */
  UPI_PAYEE_NAME: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(50, 'must be at most 50 characters')
    .regex(/^[\p{L}\p{N}][\p{L}\p{N} .&'-]*$/u, "may hold letters, digits, spaces and . & ' - only")
    .default('Rupee Arcade'),
  WITHDRAW_MIN: rupees(100),
  WITHDRAW_MAX: rupees(100000),
  /** When a player's withdrawals of the last 24 hours come to more than this many rupees, a second admin must approve. */
  WITHDRAWAL_SECOND_APPROVAL_ABOVE: rupees(50000),
  /** When a player's deposits of the last 24 hours come to more than this many rupees, a second admin must approve (0: every one). */
  DEPOSIT_SECOND_APPROVAL_ABOVE: z.coerce.number().min(0).max(10_000_000).default(10000),
  /** Rupees of deposits and withdrawals one admin may approve per day (India time) when the admin has no limit of their own; 0: none. */
  ADMIN_DAILY_APPROVAL_LIMIT: z.coerce.number().min(0).max(100_000_000).default(500000),
  /** A withdrawal needs a second admin when the approving admin approved one of the player's deposits within this many days; 0: off. */
  FUNDING_APPROVER_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** Hours a player's withdrawals wait after an admin sets their password, e-mail or phone, unless a second admin releases them. */
  ADMIN_CHANGE_HOLD_HOURS: z.coerce.number().int().min(0).max(8760).default(48),
  /** Days within which an admin who made or changed another admin (or made or changed both) is not independent of them as an approver; 0: off. */
  APPROVER_INDEPENDENCE_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** Bank statements: approve, on import, every pending deposit whose UTR and amount a statement line shows exactly (the importing admin approves, with their limits). */
  RECONCILE_AUTO_APPROVE: bool,
  /** Bank statements: a pending deposit that no statement line pays this many hours after it was made is listed as "no credit". */
  RECONCILE_NO_CREDIT_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** Bank statements: a credit nobody claimed suggests the pending deposits of its amount made this many hours before it. */
  RECONCILE_SUGGEST_HOURS: z.coerce.number().int().min(1).max(720).default(48),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  /** The whole site in play money: no deposits or withdrawals, a starting balance for new players. */
  PLAY_MONEY: bool,
  PLAY_MONEY_START_BALANCE: rupees(10000),
  /** Registration needs `ageConfirmed: true` (18 or older) unless this is 0. */
  REQUIRE_AGE_CONFIRMATION: z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
    .optional()
    .transform((v) => v === undefined || v === '' || v === '1' || v === 'true' || v === 'yes'),
  /**
   * A folder with the operator's own texts in Markdown: `terms.md`, `privacy.md` and `safer-play.md`
   * replace the built-in pages; read on each visit, so an edit needs no restart.
   */
  PAGES_DIR: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? resolve(v.trim()) : undefined)),
  /** Help organisations on the Safer play page: `Name|https://…` pairs separated by commas. */
  HELP_LINKS: z
    .string()
    .default('Gambling Therapy|https://www.gamblingtherapy.org,Gamblers Anonymous|https://www.gamblersanonymous.org,GamCare|https://www.gamcare.org.uk')
    .transform((v, ctx) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((pair) => {
          const [name, url] = pair.split('|').map((s) => s.trim());
          if (!name || !url || !/^https?:\/\/[^\s]+$/.test(url)) {
            ctx.addIssue({ code: 'custom', message: `"${pair}" is not Name|https://address` });
            return { name: '', url: '' };
          }
          return { name, url };
        }),
    ),
  /** Length of one colour-game period in seconds. */
  ROUND_SECONDS: z.coerce.number().int().min(10).max(3600).default(60),
  /** Periods the colour game's hash chain covers (a million is almost two years of minutes). */
  COLOR_CHAIN_LENGTH: z.coerce.number().int().min(100).max(10_000_000).default(1_000_000),
  /** The height of a Bitcoin block not yet mined: the next colour chain commits to its hash as the salt (docs/fairness.md). */
  COLOR_SALT_BLOCK: z.coerce.number().int().positive('must be a Bitcoin block height').optional(),
  /** The hash of block COLOR_SALT_BLOCK, once mined: the salt of the chain committed to it. */
  COLOR_SALT: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  GAME_RTP: z.coerce.number().min(0.5).max(1).default(0.98),
  GAME_MIN_BET: rupees(10),
  GAME_MAX_BET: rupees(10000),
  GAME_MAX_WIN: rupees(1000000),
});

export type Env = z.infer<typeof envSchema>;
export type Config = Env & {
  dataDir: string;
  /** The file holding the generated secret; null when APP_SECRET is set. */
  secretsFile: string | null;
  /** Said at start-up when the generated secret was moved out of DATA_DIR (an install from before SECRETS_FILE). */
  secretsNotice: string | null;
  /** Keys derived from APP_SECRET, one per use, so no key does two jobs. */
  keys: { accessToken: string; otp: string; twoFactor: string; seeds: string };
  isProduction: boolean;
  /** ADMIN_2FA, or production when it is not set. */
  adminTwoFactor: boolean;
  devOutbox: boolean;
};

export class ConfigError extends Error {}

/** Reads and validates the environment once; a bad value stops the boot naming each key. */
export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Env> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = { ...parsed.data, ...overrides };
  if (values.COLOR_SALT && values.COLOR_SALT_BLOCK === undefined) {
    throw new ConfigError('Invalid configuration:\n  COLOR_SALT: needs COLOR_SALT_BLOCK, the height of the Bitcoin block whose hash it is (docs/fairness.md)');
  }
  const dataDir = resolve(values.DATA_DIR);
  const isProduction = values.NODE_ENV === 'production';
  // In production a code that cannot be delivered locks players out, and the log is no outbox.
  const missing = [
    values.OTP_CHANNELS.includes('email') && !values.SMTP_URL
      ? '  SMTP_URL: required in production to send e-mail codes (or leave email out of OTP_CHANNELS)'
      : '',
    values.OTP_CHANNELS.includes('sms') && !values.SMS_URL ? '  SMS_URL: required in production to send SMS codes (or leave sms out of OTP_CHANNELS)' : '',
  ].filter(Boolean);
  if (isProduction && missing.length) throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);
  const secretsFile = values.APP_SECRET ? null : resolve(values.SECRETS_FILE ?? defaultSecretsFile(dataDir));
  const generated = secretsFile ? generatedSecret(secretsFile, dataDir, !values.DATABASE_URL) : null;
  return {
    ...values,
    dataDir,
    secretsFile,
    secretsNotice: generated?.notice ?? null,
    isProduction,
    keys: deriveKeys(values.APP_SECRET ?? generated!.secret),
    devOutbox: values.DEV_OUTBOX && !isProduction,
    adminTwoFactor: values.ADMIN_2FA ? ['1', 'true', 'yes'].includes(values.ADMIN_2FA) : isProduction,
  };
}

/** One configured secret, separate keys: signing access tokens, hashing one-time codes, sealing admins' authenticator secrets, sealing unrevealed seeds. */
function deriveKeys(secret: string): Config['keys'] {
  const derive = (use: string) => Buffer.from(hkdfSync('sha256', secret, 'rupee-arcade', use, 32)).toString('base64url');
  return {
    accessToken: derive('access-token'),
    otp: derive('one-time-code'),
    twoFactor: derive('admin-second-factor'),
    seeds: derive('unrevealed-seeds'),
  };
}

/** Where the generated secret goes by default: a `secrets` folder beside DATA_DIR, never inside it (`./data` → `./secrets/data.json`). */
export const defaultSecretsFile = (dataDir: string): string => join(dirname(dataDir), 'secrets', `${basename(dataDir)}.json`);

const SECRET = 'app';
/** Where installs from before SECRETS_FILE kept the generated secret. */
const LEGACY_SECRETS = 'secrets.json';

const readSecrets = (file: string): Record<string, string> => JSON.parse(readFileSync(file, 'utf8'));
function writeSecrets(file: string, secrets: Record<string, string>): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
}

/**
 * The secret generated once and kept in `file`, outside DATA_DIR, so tokens and sealed seeds
 * survive restarts without configuration while a copy of DATA_DIR holds no key. A secret an
 * older install kept in DATA_DIR/secrets.json is moved there (and said at start-up). No secret
 * is generated for an embedded database that already exists: a new one would open none of its
 * sealed seeds.
 */
function generatedSecret(file: string, dataDir: string, embedded: boolean): { secret: string; notice: string | null } {
  const inside = relative(dataDir, file);
  if (inside === '' || (!inside.startsWith('..') && !isAbsolute(inside))) {
    throw new ConfigError(`Invalid configuration:\n  SECRETS_FILE: must be outside DATA_DIR (${dataDir}): a copy of the data folder would hold the key`);
  }
  let notice: string | null = null;
  const legacy = join(dataDir, LEGACY_SECRETS);
  if (existsSync(legacy)) {
    const old = readSecrets(legacy);
    if (!existsSync(file)) writeSecrets(file, old);
    else if (readSecrets(file)[SECRET] !== old[SECRET]) {
      throw new ConfigError(
        `Invalid configuration:\n  SECRETS_FILE: ${file} and ${legacy} hold different secrets. Keep the one this data was made with at ${file} and remove ${legacy}`,
      );
    }
    unlinkSync(legacy);
    notice = `The generated secret was moved out of DATA_DIR, from ${legacy} to ${file}: copies of DATA_DIR made before hold it. Keep them as safe as the secret, apart from the data (docs/operations.md, "Backups and the restore drill").`;
  }
  const secrets: Record<string, string> = existsSync(file) ? readSecrets(file) : {};
  if (!secrets[SECRET]) {
    if (embedded && existsSync(join(dataDir, 'pglite'))) {
      throw new ConfigError(
        `Invalid configuration:\n  SECRETS_FILE: ${file} holds no secret, but DATA_DIR already holds a database: a new secret would open none of its sealed seeds and end every session. Put back the secrets file it was made with (or set APP_SECRET to its secret); to start with a new secret anyway, set APP_SECRET to one`,
      );
    }
    secrets[SECRET] = randomBytes(48).toString('base64url');
    writeSecrets(file, secrets);
  }
  return { secret: secrets[SECRET], notice };
}
