import { describe, expect, it } from 'vitest';
import { confirmationProblem, passwordProblem } from './account-rules.js';
import { passwordSchema } from './accounts.js';

describe('the new-password rules without zod', () => {
  it('say what passwordSchema says, first problem first', () => {
    for (const password of ['', 'a', 'rooster', 'roosters', 'Roosters', 'Rooster1', 'Rooster#1', 'ROOSTER#1', `Aa1!${'x'.repeat(125)}`]) {
      const parsed = passwordSchema.safeParse(password);
      expect(passwordProblem(password), password).toBe(parsed.success ? undefined : parsed.error.issues[0].message);
    }
  });

  it('ask for the confirmation and for it to match', () => {
    expect(confirmationProblem('Rooster#1', '')).toBe('Please confirm your password');
    expect(confirmationProblem('Rooster#1', 'Rooster#2')).toBe('Passwords do not match');
    expect(confirmationProblem('Rooster#1', 'Rooster#1')).toBeUndefined();
  });
});
