/*
 * Hostile input: property-based requests (fast-check) generated from every route's schema in the
 * server's own OpenAPI document, sent over HTTP to the real server, mixed with hostile values
 * (wrong types, 1 MB and unusual Unicode strings, __proto__ keys, SQL and HTML text,
 * NaN/Infinity/1e308 amounts, broken JSON, wrong content types, forged and alg:none tokens,
 * other users' ids). Every answer must be:
 *   - below 500, and JSON with a message a person can read when it is a refusal;
 *   - free of any other player's data (a player's e-mail and phone are never shown to another
 *     player or to someone signed out).
 *
 *   npm run test:hostile                 10,000 requests (HOSTILE_RUNS), a random seed
 *   HOSTILE_SEED=123 npm run test:hostile  the same requests again
 */
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { ensurePaymentTarget } from '../helpers/payment-target.js';
import { startServer, type ServerProcess } from '../helpers/server-process.js';

const RUNS = Number(process.env.HOSTILE_RUNS ?? 10_000);
const SEED = Number(process.env.HOSTILE_SEED ?? Math.floor(Math.random() * 2 ** 31));
const ADMIN = { email: 'admin@hostile.test', password: 'Hostile#Admin-2024' };
const log = (line: string) => console.log(`[hostile] ${line}`);

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  format?: string;
  additionalProperties?: boolean | Schema;
};
interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  query: { name: string; schema: Schema }[];
  body?: Schema;
}

// Values that break careless code, whatever the field.
const HOSTILE_TEXT = [
  '',
  ' ',
  '\t\n',
  '<script>window.__xss=1</script>',
  '"><img src=x onerror="window.__xss=1">',
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5)',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '%00%0d%0a',
  'nul\u0000byte',
  'lone\uD800surrogate',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e308',
  '0x41',
  'Ω≈ç√∫˜µ≤≥÷',
  '👩‍👩‍👧‍👦🇮🇳🔥',
  '\u202Eevil\u202C',
  '\u200B\u200C\u200D\uFEFF',
  'Z̴̡̛̟͎̫a̶̡̗͚l̸̢̛̹g̴̨̛̟o̷̧̟͚',
  'ﷺ'.repeat(200),
  'a'.repeat(10_000),
  '__proto__',
  'constructor',
  '$where',
  'admin',
  '9'.repeat(400),
];
const HOSTILE_NUMBERS: unknown[] = [0, -0, -1, 0.001, 0.005, 1e-308, 1e308, -1e308, 2 ** 53 + 1, 99_999_999_999, 3.14159, Number.MAX_SAFE_INTEGER];
/** Number forms that JSON cannot carry: written into the body as raw text. */
const RAW_NUMBERS = ['NaN', 'Infinity', '-Infinity', '1e999', '0x10', '01', '.5', '+1'];
const RAW = (text: string) => `\u0000RAW:${text}\u0000`;
const OTHER_TYPES: unknown[] = [null, true, false, [], {}, [1, 2], { a: 1 }, '', 'x', 0, -1];
const MEGABYTE = 'é'.repeat(600_000); // 1.2 MB of UTF-8: over the body limit

function arbFor(schema: Schema | undefined, ids: fc.Arbitrary<string>, depth = 0): fc.Arbitrary<unknown> {
  const hostile = fc.oneof(
    fc.constantFrom(...HOSTILE_TEXT),
    fc.constantFrom(...HOSTILE_NUMBERS),
    fc.constantFrom(...OTHER_TYPES),
    fc.constantFrom(...RAW_NUMBERS).map(RAW),
    ids,
  );
  if (!schema || depth > 4) return hostile;
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  const valid = ((): fc.Arbitrary<unknown> => {
    if (variants?.length) return fc.oneof(...variants.map((s) => arbFor(s, ids, depth + 1)));
    if (schema.enum?.length) return fc.constantFrom(...schema.enum);
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case 'string': {
        const sized = { minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 300) };
        if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= 300);
        if (schema.format === 'email') return fc.emailAddress();
        // Free text: what a person might type, and what an attacker would.
        return fc.oneof(
          fc.string(sized),
          fc.string({ ...sized, unit: 'grapheme' }),
          { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_TEXT).filter((t) => t.length <= (schema.maxLength ?? 10_000)) },
          ids,
        );
      }
      case 'number':
      case 'integer':
        return fc.oneof(
          { weight: 3, arbitrary: fc.integer({ min: Math.max(schema.minimum ?? 1, 1), max: Math.min(schema.maximum ?? 2000, 2000) }) },
          fc.integer({ min: Math.max(schema.minimum ?? -1e6, -1e9), max: Math.min(schema.maximum ?? 1e6, 1e9) }),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.constantFrom(...HOSTILE_NUMBERS),
        );
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(arbFor(schema.items, ids, depth + 1), { maxLength: 4 });
      case 'object': {
        const props = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, arbFor(s, ids, depth + 1)]));
        return fc.record(props, { requiredKeys: [] }).chain((obj) =>
          fc.constantFrom<string[]>([], ['__proto__'], ['constructor'], ['prototype'], ['$gt']).map((extra) => {
            for (const k of extra)
              Object.defineProperty(obj, k, { value: { isAdmin: true, role: 'admin', polluted: 1 }, enumerable: true, writable: true, configurable: true });
            return obj;
          }),
        );
      }
      default:
        return hostile;
    }
  })();
  // Mostly values of the declared shape (they reach the code behind validation), now and then not.
  return fc.oneof({ weight: 9, arbitrary: valid }, { weight: 1, arbitrary: hostile });
}

/**
 * A path or query part as a client would send it; a lone surrogate (which encodeURIComponent
 * refuses) goes out as the bytes a careless client would write for it, invalid UTF-8 included.
 */
function encodePart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((ch) =>
        ch.isWellFormed()
          ? encodeURIComponent(ch)
          : `%ED%${(0xa0 + ((ch.charCodeAt(0) >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 + (ch.charCodeAt(0) & 0x3f)).toString(16).toUpperCase()}`,
      )
      .join('');
  }
}

/** JSON text, with the raw (non-JSON) numbers written in as they are. */
const bodyText = (value: unknown) => JSON.stringify(value).replace(/"\\u0000RAW:([^\\]*)\\u0000"/g, '$1');

const BROKEN_BODIES = [
  '{',
  '{"amount":',
  '[',
  'nul',
  '{"a":1,}',
  "{'a':1}",
  '{"a":"\\x"}',
  '\uFEFF{}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '"text"',
  '[]',
  'null',
  '12',
];
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/xml',
  'application/json; charset=latin1',
  'application/json;;',
  'image/png',
];

interface Actor {
  name: string;
  token?: string;
  /** Markers of other people's data this actor must never be shown. */
  mustNotSee: string[];
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'rupee-hostile-'));
  const server: ServerProcess = await startServer({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DEV_OUTBOX: '1',
    LOG_LEVEL: 'fatal',
    RATE_LIMIT_MAX: '100000000',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_2FA: '0',
    ROUND_SECONDS: '10',
    COLOR_CHAIN_LENGTH: '5000',
  });
  const url = server.url;
  const api = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const code = async (to: string, channel: string) => {
    for (let i = 0; i < 50; i++) {
      const out = (await api('GET', `/api/v1/dev/outbox?to=${encodeURIComponent(to)}`)).data as { channel: string; code: string }[];
      const found = out.find((m) => m.channel === channel && m.code);
      if (found) return found.code;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no ${channel} code for ${to}`);
  };
  const player = async (tag: string, phoneNumber: string) => {
    const email = `${tag}.${Date.now().toString(36)}@hostile.test`;
    const password = 'Hostile#Player-2024';
    const { userId } = (await api('POST', '/api/v1/users/register', {
      fullName: `Hostile ${tag}`,
      email,
      phoneNumber,
      password,
      ref_by: null,
      ageConfirmed: true,
    })) as { userId: string };
    await api('POST', '/api/v1/otp/verify', { userId, emailOTP: await code(email, 'email'), smsOTP: await code(phoneNumber, 'sms') });
    const login = (await api('POST', '/api/v1/users/login', { email, password })).data as { accessToken: string };
    return { userId, email, phoneNumber, token: login.accessToken };
  };

  let failed = false;
  try {
    const a = await player('alpha', '+919811122233');
    const b = await player('bravo', '+919822233344');
    const admin = ((await api('POST', '/api/v1/users/login', ADMIN)).data as { accessToken: string; user: { _id?: string; id?: string } }).accessToken;
    // Somewhere to pay, then money for A and B, so that bets and withdrawals get past the balance check.
    await ensurePaymentTarget(url, admin);
    for (const p of [a, b]) {
      const dep = (
        await api(
          'POST',
          '/api/v1/wallet/deposit',
          { userId: p.userId, amount: 5000, method: 'UPI', details: { payNumber: `HST${p.userId.slice(0, 8)}` } },
          p.token,
        )
      ).data as { _id: string };
      await api('PUT', '/api/v1/wallet/update-deposite-transaction-status', { id: dep._id, status: 'approved' }, admin);
    }
    const [, payload] = a.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const asAdmin = { ...claims, role: 'admin', sub: claims.sub, accessPages: ['*'] };
    const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(asAdmin)}.`;
    const wrongKey = (() => {
      const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(asAdmin)}`;
      return `${head}.${createHmac('sha256', 'not-the-secret').update(head).digest('base64url')}`;
    })();
    const markersOf = (p: typeof a) => [p.email, p.phoneNumber];
    const actors: Actor[] = [
      { name: 'signed out', mustNotSee: [...markersOf(a), ...markersOf(b)] },
      { name: 'player A', token: a.token, mustNotSee: markersOf(b) },
      { name: 'player B', token: b.token, mustNotSee: markersOf(a) },
      { name: 'admin', token: admin, mustNotSee: [] },
      { name: 'alg:none token', token: algNone, mustNotSee: [...markersOf(a), ...markersOf(b)] },
      { name: 'token signed with another key', token: wrongKey, mustNotSee: [...markersOf(a), ...markersOf(b)] },
      { name: 'garbage token', token: 'Bearer.eyJ.%00', mustNotSee: [...markersOf(a), ...markersOf(b)] },
    ];

    const doc = (await (await fetch(`${url}/api/docs/json`)).json()) as {
      paths: Record<
        string,
        Record<string, { parameters?: { in: string; name: string; schema: Schema }[]; requestBody?: { content?: Record<string, { schema: Schema }> } }>
      >;
    };
    // Calls that would end the test's own sessions or lock its players out stay with the callers who cannot do harm.
    const disarmed = /\/(logout|change-password|reset-password|block|password|update-admin|self-exclusion|timeout|exclude)/;
    const ops: Operation[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        ops.push({
          method: method.toUpperCase(),
          path,
          pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
          query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
          body: op.requestBody?.content?.['application/json']?.schema,
        });
      }
    }
    log(`${ops.length} operations in the OpenAPI document; ${RUNS} requests; seed ${SEED}`);

    const ids = fc.constantFrom(a.userId, b.userId, randomUUID(), '00000000-0000-0000-0000-000000000000', '1', '-1', '%2e%2e%2f', 'me');
    // Valid bodies for the calls that move money or change accounts: a generated case often takes
    // one and spoils a single field, so hostile values reach the code behind validation.
    const period = ((await api('GET', '/api/v1/color/state')).data as { current: { period: string } }).current.period;
    const pendingDeposit = (
      (await api('POST', '/api/v1/wallet/deposit', { userId: a.userId, amount: 300, method: 'UPI', details: { payNumber: 'HSTPENDING1' } }, a.token)).data as {
        _id: string;
      }
    )._id;
    const upi = {
      email: 'alpha@hostile.test',
      phone: '+919876543210',
      firstName: 'Alpha',
      lastName: 'Hostile',
      accountNumber: '998877665544',
      ifsc: 'HDFC0001234',
    };
    const examples: Record<string, Record<string, unknown>> = {
      'POST /api/v1/wallet/deposit': { userId: a.userId, amount: 200, method: 'UPI', details: { payNumber: 'UTR12345678' }, remarks: 'paid' },
      'POST /api/v1/wallet/withraw': { amount: 100, method: 'UPI', details: upi, remarks: 'cash out' },
      'POST /api/v1/chicken-road/start': { betAmount: 10, difficulty: 'Easy', clientSeed: 'seed' },
      'POST /api/v1/color/bet': { period, selection: 'green', amount: 10 },
      'POST /api/v1/users/register': {
        fullName: 'Hostile Zed',
        email: 'zed@hostile.test',
        phoneNumber: '+919833344455',
        password: 'Hostile#Player-2024',
        ref_by: null,
        ageConfirmed: true,
      },
      'POST /api/v1/users/login': { email: a.email, password: 'Hostile#Wrong-2024' },
      'PUT /api/v1/wallet/update-deposite-transaction-status': { id: pendingDeposit, status: 'rejected', remarks: 'no' },
      'POST /api/v1/fairness/client-seed': { clientSeed: 'my-seed' },
      'POST /api/v1/admin/notification': { message: 'Hello players' },
    };
    const leafPaths = (v: unknown, prefix: string[] = []): string[][] =>
      v && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v).flatMap(([k, x]) => leafPaths(x, [...prefix, k])) : [prefix];
    const spoiled = (example: Record<string, unknown>) =>
      fc
        .record({
          path: fc.constantFrom(...leafPaths(example)),
          value: fc.oneof(fc.constantFrom(...HOSTILE_TEXT), fc.constantFrom(...HOSTILE_NUMBERS), fc.constantFrom(...OTHER_TYPES), ids),
        })
        .map(({ path, value }) => {
          const copy = structuredClone(example);
          let at = copy as Record<string, unknown>;
          for (const k of path.slice(0, -1)) at = at[k] as Record<string, unknown>;
          at[path[path.length - 1]] = value;
          return copy;
        });

    const caseArb = fc.constantFrom(...ops).chain((op) =>
      fc.record({
        op: fc.constant(op),
        // Mostly real callers, whose requests get past the session check.
        actor: fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom(actors[1], actors[1], actors[2], actors[3]) },
          { weight: 3, arbitrary: fc.constantFrom(...actors) },
        ),
        params: fc.tuple(
          ...op.pathParams.map(() => fc.oneof({ weight: 3, arbitrary: ids }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_TEXT.slice(0, 24)) })),
        ),
        // Each query parameter is sent or left out, as clients do.
        query: fc.tuple(...op.query.map((q) => fc.option(arbFor(q.schema, ids), { nil: undefined }))),
        body: examples[`${op.method} ${op.path}`]
          ? fc.oneof(arbFor(op.body, ids), { weight: 4, arbitrary: spoiled(examples[`${op.method} ${op.path}`]) })
          : arbFor(op.body, ids),
        form: fc.constantFrom('json', 'json', 'json', 'json', 'json', 'json', 'broken', 'content-type', 'megabyte', 'none'),
        broken: fc.constantFrom(...BROKEN_BODIES),
        contentType: fc.constantFrom(...CONTENT_TYPES),
      }),
    );

    const statuses = new Map<number, number>();
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const actor =
          disarmed.test(c.op.path) && (c.actor.name === 'player A' || c.actor.name === 'player B' || c.actor.name === 'admin') ? actors[0] : c.actor;
        let path = c.op.path;
        c.op.pathParams.forEach((name, i) => (path = path.replace(`{${name}}`, encodePart(String(c.params[i])))));
        const query = c.op.query
          .map((q, i) =>
            c.query[i] === undefined
              ? ''
              : `${encodeURIComponent(q.name)}=${encodePart(typeof c.query[i] === 'string' ? (c.query[i] as string) : JSON.stringify(c.query[i]))}`,
          )
          .filter(Boolean)
          .join('&');
        const hasBody = c.op.method !== 'GET' && c.op.method !== 'DELETE' ? c.form !== 'none' : false;
        const headers: Record<string, string> = actor.token ? { authorization: `Bearer ${actor.token}` } : {};
        let body: string | undefined;
        if (hasBody) {
          headers['content-type'] = c.form === 'content-type' ? c.contentType : 'application/json';
          body = c.form === 'broken' ? c.broken : c.form === 'megabyte' ? JSON.stringify({ text: MEGABYTE }) : bodyText(c.body);
        }
        const target = `${url}${path}${query ? `?${query}` : ''}`;
        const res = await fetch(target, { method: c.op.method, headers, body, redirect: 'manual' });
        const text = await res.text();
        sent++;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const what = `${c.op.method} ${path}${query ? `?${query.slice(0, 200)}` : ''} as ${actor.name} (${c.form}) → ${res.status}: ${text.slice(0, 300)}`;
        if (res.status >= 500) throw new Error(`server error: ${what}\nbody: ${(body ?? '').slice(0, 500)}`);
        const leaked = actor.mustNotSee.filter((m) => text.includes(m));
        if (leaked.length) throw new Error(`another player's data (${leaked.join(', ')}): ${what}`);
        if (res.status >= 400 && path.startsWith('/api/')) {
          let message: unknown;
          try {
            message = (JSON.parse(text) as { message?: unknown }).message;
          } catch {
            throw new Error(`a refusal that is not JSON: ${what}`);
          }
          if (typeof message !== 'string' || message.trim().length < 4) throw new Error(`a refusal without a message: ${what}`);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    log(
      `${sent} requests sent; answers: ${[...statuses.entries()]
        .sort(([x], [y]) => x - y)
        .map(([s, n]) => `${s}×${n}`)
        .join(', ')}`,
    );
    const health = await fetch(`${url}/healthz`);
    if (!health.ok) throw new Error('the server no longer answers /healthz');
    const ledger = (await api('GET', '/api/v1/admin/ledger/check', undefined, admin)) as { data?: { ok?: boolean } };
    if (ledger.data?.ok !== true) throw new Error(`the ledger does not balance after the run: ${JSON.stringify(ledger.data).slice(0, 500)}`);
    log('ledger check afterwards: balanced');
  } catch (err) {
    failed = true;
    console.error(err instanceof Error ? err.message : err);
    // The whole chain: fast-check's failure, the request's, the socket's (with its code).
    for (let cause = err instanceof Error ? err.cause : undefined; cause; cause = cause instanceof Error ? cause.cause : undefined) {
      const code = (cause as { code?: unknown }).code;
      console.error('Cause:', cause instanceof Error ? `${cause.message}${code ? ` (${String(code)})` : ''}` : cause);
    }
  } finally {
    await server.stop();
    if (/TypeError|ReferenceError|Unhandled/i.test(server.logs())) {
      failed = true;
      log(`the server logged an error of its own:\n${server.logs().slice(-3000)}`);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed) {
    log(`FAILED (seed ${SEED}: HOSTILE_SEED=${SEED} npm run test:hostile repeats it)`);
    process.exit(1);
  }
  log(`passed: no 5xx, no other player's data, every refusal a JSON message`);
}

await main();
