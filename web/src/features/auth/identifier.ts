const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value: string) => EMAIL.test(value.trim());

/**
 * Who a login or reset call is about: `{ email }` when the value holds an @, otherwise
 * `{ phoneNumber }` in E.164 (bare digits read as Indian, as the server reads them). The phone
 * rules load only for a phone, so the sign-in screen opens without their metadata.
 */
export async function identify(value: string): Promise<{ email: string } | { phoneNumber: string }> {
  if (value.includes('@')) return { email: value.trim() };
  const { normalizeLoginPhone } = await import('../../../../contracts/phone');
  return { phoneNumber: normalizeLoginPhone(value) ?? value.trim() };
}
