import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Seals a short secret with AES-256-GCM under a base64url key of 32 bytes: "v1.iv.tag.ciphertext". */
export function seal(key: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'base64url'), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** Whether `stored` has the sealed form ("v1.…"), as opposed to a value kept in clear. Migration 0023 reads it the same way (`LIKE 'v1.%'`). */
export const isSealed = (stored: string): boolean => stored.startsWith('v1.');

/** Opens what seal() made; null when it was altered or sealed under another key. */
export function unseal(key: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(key, 'base64url'), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
