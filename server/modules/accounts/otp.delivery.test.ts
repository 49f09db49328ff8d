import { describe, expect, it } from 'vitest';
import { compose, UCS2_SMS_LENGTH } from './otp.delivery.js';

const PURPOSES = ['verify', 'reset', 'contact'] as const;

describe('the code messages', () => {
  it.each(PURPOSES)('sends the %s code in Hindi as one SMS that says not to share it', (purpose) => {
    const { text } = compose(purpose, 'sms', '482913', 'hi');
    expect(text.startsWith('482913 Rupee Arcade ')).toBe(true);
    expect(text).toContain('10 मिनट');
    expect(text).toContain('किसी को न बताएं');
    // Devanagari is sent as UCS-2: one SMS holds 70 UTF-16 units.
    expect(text.length, text).toBeLessThanOrEqual(UCS2_SMS_LENGTH);
  });

  it.each(PURPOSES)('sends the %s code in English as one GSM SMS that says not to share it', (purpose) => {
    const { text } = compose(purpose, 'sms', '482913', 'en');
    expect(text).toMatch(/^482913 is your Rupee Arcade .+ It expires in 10 minutes\. Do not share it\.$/);
    expect(text.length).toBeLessThanOrEqual(160);
  });

  it('names the channel a contact code confirms: a phone number by SMS, an e-mail address by e-mail', () => {
    expect(compose('contact', 'sms', '482913', 'hi').text).toBe('482913 Rupee Arcade नए नंबर का OTP। 10 मिनट तक मान्य। किसी को न बताएं।');
    expect(compose('contact', 'email', '482913', 'hi').subject).toBe('आपका Rupee Arcade ई-मेल पता वेरिफ़ाई करने का कोड: 482913');
    expect(compose('contact', 'sms', '482913', 'en').text).toContain('code to confirm this phone number');
    expect(compose('contact', 'email', '482913', 'en').subject).toBe('Your Rupee Arcade code to confirm this e-mail address: 482913');
    for (const language of ['en', 'hi'] as const) expect(compose('contact', 'email', '482913', language).text).not.toMatch(/फ़ोन|phone/);
  });

  it('keeps the verification code SMS in the words Indian players know', () => {
    expect(compose('verify', 'sms', '482913', 'hi').text).toBe('482913 Rupee Arcade का OTP है। 10 मिनट तक मान्य। किसी को न बताएं।');
  });
});
