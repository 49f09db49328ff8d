export interface SmsTransport {
  send(message: { to: string; text: string }): Promise<void>;
}

/**
 * SMS through an HTTP gateway. The adapter speaks one small, common shape:
 *
 *   POST <SMS_URL>
 *   Authorization: Bearer <SMS_API_KEY>        (omitted when no key is set)
 *   Content-Type: application/json
 *   { "to": "+919876543210", "text": "123456 is your …", "sender": "<SMS_SENDER>" }
 *
 * Any 2xx answer counts as accepted; anything else, or no answer within 10 s, is a failure.
 * A provider with another shape is put behind a small relay that speaks this one.
 */
export function createSmsTransport(url: string, apiKey: string | undefined, sender: string): SmsTransport {
  return {
    async send({ to, text }) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify({ to, text, sender }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) {
        const detail = (await res.text().catch(() => '')).slice(0, 200);
        throw new Error(`SMS gateway answered ${res.status}${detail ? `: ${detail}` : ''}`);
      }
    },
  };
}
