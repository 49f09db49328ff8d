import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seal, unseal } from './seal.js';

describe('seal', () => {
  const key = randomBytes(32).toString('base64url');
  it('opens what it sealed, and nothing altered or sealed under another key', () => {
    const sealed = seal(key, 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(unseal(key, sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(seal(key, 'same')).not.toBe(seal(key, 'same'));
    expect(unseal(randomBytes(32).toString('base64url'), sealed)).toBeNull();
    const [v, iv, tag, body] = sealed.split('.');
    // One character of the body changed (to another character: the first may already be an A).
    expect(unseal(key, [v, iv, tag, `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`].join('.'))).toBeNull();
    expect(unseal(key, 'garbage')).toBeNull();
  });
});
