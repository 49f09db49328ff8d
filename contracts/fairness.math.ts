/*
 * The provably fair draw every game shares (docs/fairness.md): a server seed committed by its
 * SHA-256 hash, a client seed the player chooses, a nonce per draw, and a stream of floats in
 * [0, 1) from HMAC-SHA256. Chicken Road's traps, the spinner's segment and the colour game's
 * number are each a rule over these floats, in their own math files.
 */

export const utf8 = (text: string) => new TextEncoder().encode(text);

export function hex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** SHA-256 of the UTF-8 text, as lowercase hex: a server seed's public commitment. */
export async function sha256Hex(text: string): Promise<string> {
  return hex(new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', utf8(text))));
}

/**
 * bytes(round) = HMAC_SHA256(key = the server seed's hex text as UTF-8,
 * message = "<clientSeed>:<nonce>:<round>").
 */
export async function hmacBytes(serverSeed: string, clientSeed: string, nonce: number, round: number): Promise<Uint8Array> {
  const key = await globalThis.crypto.subtle.importKey('raw', utf8(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', key, utf8(`${clientSeed}:${nonce}:${round}`)));
}

/** Four bytes b0 b1 b2 b3 → b0/256 + b1/256² + b2/256³ + b3/256⁴, a float in [0, 1). */
export function bytesToFloat(bytes: Uint8Array, offset: number): number {
  return (bytes[offset] * 2 ** 24 + bytes[offset + 1] * 2 ** 16 + bytes[offset + 2] * 2 ** 8 + bytes[offset + 3]) / 2 ** 32;
}

/** The first `count` floats of the stream bytes(0) ‖ bytes(1) ‖ …, eight per HMAC round. */
export async function floats(serverSeed: string, clientSeed: string, nonce: number, count: number): Promise<number[]> {
  const out: number[] = [];
  for (let round = 0; out.length < count; round++) {
    const bytes = await hmacBytes(serverSeed, clientSeed, nonce, round);
    for (let i = 0; i < bytes.length && out.length < count; i += 4) out.push(bytesToFloat(bytes, i));
  }
  return out;
}
