import { describe, expect, it } from 'vitest';
import { adminChangeNotices } from './admin-change.notice.js';
import type { UserRow } from './accounts.repo.js';

const player = (language: string) => ({ email: 'a@example.com', phoneNumber: '+919800000001', language }) as UserRow;
const at = new Date('2026-03-01T06:30:00Z');

describe('the notice of an admin change', () => {
  it('lists what changed with commas and "and" before the last, in English and Hindi', () => {
    const [mail, sms] = adminChangeNotices(player('en'), player('en'), ['password', 'email', 'phone'], at, null);
    expect(mail.text).toContain('changed the password, e-mail and phone number of your');
    expect(sms.text).toContain('changed your password, e-mail and phone number.');
    const [hiMail, hiSms] = adminChangeNotices(player('hi'), player('hi'), ['password', 'email', 'phone'], at, null);
    expect(hiMail.subject).toContain('पासवर्ड, ई-मेल और फ़ोन नंबर');
    expect(hiSms.text).toBe('Rupee Arcade: टीम ने आपका पासवर्ड, ई-मेल और फ़ोन नंबर बदला। आपने नहीं कहा? सहायता से बात करें।');
  });

  it('names two changes with "and" alone, and one change by itself', () => {
    expect(adminChangeNotices(player('en'), player('en'), ['email', 'phone'], at, null)[0].subject).toBe(
      'Your Rupee Arcade e-mail and phone number was changed by our team',
    );
    expect(adminChangeNotices(player('hi'), player('hi'), ['password'], at, null)[1].text).toContain('आपका पासवर्ड बदला।');
  });

  it('sends the player to सहायता in Hindi, as the app names it', () => {
    const [mail, sms] = adminChangeNotices(player('hi'), player('hi'), ['password'], at, null);
    expect(mail.text).toContain('हमारी सहायता टीम ने');
    expect(`${mail.text}${sms.text}`).not.toContain('सपोर्ट');
  });
});
