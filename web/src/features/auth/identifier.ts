import { normalizeLoginPhone } from '../../../../contracts/accounts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value: string) => EMAIL.test(value.trim());

/**
 * Who a login or reset call is about: `{ email }` when the value holds an @, otherwise
 * `{ phoneNumber }` in E.164 (bare digits read as Indian, as the server reads them).
 */
export const identify = (value: string): { email: string } | { phoneNumber: string } =>
  value.includes('@') ? { email: value.trim() } : { phoneNumber: normalizeLoginPhone(value) ?? value.trim() };
