import type { Config } from './config.js';

/**
 * What the start-up line says: the mode, the runtime and the database, then a warning for every
 * development-only feature that is on, so that none reaches a deployment unnoticed.
 */
export function startupReport(config: Config, address: string): { line: string; warnings: string[] } {
  const database = config.DATABASE_URL ? `PostgreSQL at ${new URL(config.DATABASE_URL).host}` : `embedded PostgreSQL (PGlite) in ${config.dataDir}`;
  const line = `Rupee Arcade on ${address}: ${config.NODE_ENV} mode, Node.js ${process.versions.node}, ${database}${config.REDIS_URL ? ', Redis' : ''}`;
  const warnings: string[] = [];
  if (!config.isProduction) {
    warnings.push(
      `${config.NODE_ENV} mode: not for a deployment. Set NODE_ENV=production, which requires mail and SMS settings and turns off every development feature.`,
    );
  }
  if (config.devOutbox) {
    warnings.push(
      'DEV_OUTBOX=1: every one-time code is readable at /api/v1/dev/outbox by anyone on this machine. Never use it where others can reach the machine.',
    );
  }
  if (config.OTP_CHANNELS.includes('email') && !config.SMTP_URL)
    warnings.push('SMTP_URL is not set: e-mail codes are written to the log instead of being sent.');
  if (config.OTP_CHANNELS.includes('sms') && !config.SMS_URL) warnings.push('SMS_URL is not set: SMS codes are written to the log instead of being sent.');
  if (config.PUBLIC_URL?.startsWith('https:') && config.TRUST_PROXY === false) {
    warnings.push(
      'PUBLIC_URL is https but TRUST_PROXY is off: behind a proxy every player shares its address for rate limits. Set TRUST_PROXY to the hop count or the proxy addresses.',
    );
  }
  if (config.secretsNotice) warnings.push(config.secretsNotice);
  if (config.isProduction && config.COLOR_SALT_BLOCK === undefined) {
    warnings.push(
      'COLOR_SALT_BLOCK is not set: a new colour-game chain gets a salt the server draws, and says so to players ("salt drawn by the operator: not independently verifiable"). Commit to a Bitcoin block not yet mined instead (docs/fairness.md).',
    );
  }
  return { line, warnings };
}
