// A UPI request for an exact amount, and the deposit reference that a bank statement shows.

/**
 * A deposit's reference: "RA" and eight characters of Crockford's base-32 alphabet (no I, L, O
 * or U, so it is read aloud and typed without doubt). The payer's bank puts it in the payment's
 * remark, and the bank statement's narration carries it; matching finds it there.
 */
export const DEPOSIT_REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const DEPOSIT_REFERENCE_PATTERN = /^RA[0-9A-HJKMNP-TV-Z]{8}$/;
/** Finds a deposit reference inside a narration: any case, not inside a longer word. */
export const DEPOSIT_REFERENCE_IN_TEXT = /(?<![0-9A-Za-z])RA[0-9A-HJKMNP-TV-Z]{8}(?![0-9A-Za-z])/gi;

/** The deposit references a narration carries, upper-cased, each once, in order. */
export function depositReferencesIn(text: string): string[] {
  const found = (text.match(DEPOSIT_REFERENCE_IN_TEXT) ?? []).map((r) => r.toUpperCase());
  return [...new Set(found)];
}

/** A UPI transaction's reference number (RRN, the "UTR" players type): twelve digits. */
export const UPI_UTR_PATTERN = /^\d{12}$/;

/**
 * A UPI payment link for an exact amount (NPCI's UPI linking specification): the UPI ID to pay
 * (`pa`), the payee's name (`pn`), the deposit reference as the transaction reference (`tr`) and
 * as the note the payer's bank puts in the payment's remark (`tn`), the amount in rupees with two
 * decimals (`am`) and the currency. `amount` is in paise. Each value is percent-encoded.
 */
export function upiPayLink(p: { payTo: string; payeeName: string; amount: number; reference: string }): string {
  if (!Number.isSafeInteger(p.amount) || p.amount <= 0) throw new RangeError('A UPI amount is a positive whole number of paise.');
  const rupees = `${Math.floor(p.amount / 100)}.${String(p.amount % 100).padStart(2, '0')}`;
  const fields: [string, string][] = [
    ['pa', p.payTo],
    ['pn', p.payeeName],
    ['tr', p.reference],
    ['tn', p.reference],
    ['am', rupees],
    ['cu', 'INR'],
  ];
  return `upi://pay?${fields.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}
