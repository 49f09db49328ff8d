import { describe, expect, it } from 'vitest';
import { otpResendSchema, otpVerifySchema, userIdSchema } from './accounts.js';
import { goBodySchema, startBodySchema, stopBodySchema } from './chicken.js';
import { isUuid, uuidSchema } from './ids.js';
import { depositRequestSchema, withdrawRequestSchema } from './wallet.js';

const ID = '3F2504E0-4F89-41D3-9A0C-0305E82C3301';
const id = ID.toLowerCase();

describe('ids', () => {
  it('recognises a uuid in any letter case and nothing else', () => {
    expect(isUuid(ID)).toBe(true);
    expect(isUuid(id)).toBe(true);
    for (const bad of ['', 'abc', `${id}x`, `x${id}`, id.replace(/-/g, ''), `${id}/../x`]) expect(isUuid(bad), bad).toBe(false);
    expect(uuidSchema('bad').safeParse('nope').success).toBe(false);
    expect(uuidSchema('bad').parse(` ${ID} `)).toBe(id);
  });

  it('lowercases every userId and roundId a client sends, so the owner’s id in capitals is theirs', () => {
    expect(startBodySchema.parse({ betAmount: 10, difficulty: 'Easy', userId: ID }).userId).toBe(id);
    expect(stopBodySchema.parse({ userId: ID, roundId: ID })).toMatchObject({ userId: id, roundId: id });
    expect(goBodySchema.parse({ roundId: ID }).roundId).toBe(id);
    expect(depositRequestSchema.parse({ userId: ID, amount: 100, method: 'UPI', details: { payNumber: 'UTR12345' } }).userId).toBe(id);
    expect(withdrawRequestSchema.parse({ userId: ID, amount: 100, method: 'UPI' }).userId).toBe(id);
    expect(userIdSchema.parse(ID)).toBe(id);
    expect(otpVerifySchema.parse({ userId: ID }).userId).toBe(id);
    expect(otpResendSchema.parse({ userId: ID }).userId).toBe(id);
  });

  it('still refuses an over-long userId', () => {
    expect(startBodySchema.safeParse({ betAmount: 10, difficulty: 'Easy', userId: 'x'.repeat(65) }).success).toBe(false);
    expect(depositRequestSchema.safeParse({ userId: 'x'.repeat(10_000), amount: 100, method: 'UPI', details: { payNumber: 'UTR12345' } }).success).toBe(false);
  });
});
