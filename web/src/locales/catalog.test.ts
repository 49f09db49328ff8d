import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AMOUNT_MESSAGES } from '../../../contracts/amounts';
import { ERROR_CODES, PLAYER_ERROR_CODES } from '../../../contracts/errors';
import { CONFIRM_MESSAGES, MESSAGES, PASSWORD_MESSAGES, PASSWORD_RULES, passwordStrength } from '../../../contracts/account-rules';
import { DIFFICULTIES } from '../../../contracts/chicken.math';
import { SALT_SOURCES, saltNotice } from '../../../contracts/color.math';
import { LIMIT_KIND_HELP, LIMIT_KIND_LABELS } from '../../../contracts/responsible';
import { HISTORY_TYPE_LABELS, REQUEST_STATUSES } from '../../../contracts/wallet';
import { english } from './en';
import hindi from './hi.json';

const ROOT = join(__dirname, '..', '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const walk = (dir: string): string[] =>
  readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    return statSync(join(ROOT, path)).isDirectory() ? walk(path) : [path];
  });
const unquote = (quote: string, body: string) => body.replace(new RegExp(`\\\\${quote}`, 'g'), quote).replace(/\\\\/g, '\\');

/** The player site's code (the back office stays English). */
const playerCode = walk('web/src').filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.includes('/admin/'));

/** Every text the player site asks to translate: `t('…')`, `tk('…')` and `<Tr text="…">`. */
function textsInCode(): Map<string, string> {
  const texts = new Map<string, string>();
  const call = /\btk?\(\s*(['"])((?:\\.|(?!\1).)*?)\1/gs;
  const tr = /<Tr\b[^>]*?\btext=(?:"([^"]*)"|\{((?:[^{}]|\{\{\w+\}\})*)\})/gs;
  for (const file of playerCode) {
    const source = read(file);
    for (const m of source.matchAll(call)) texts.set(unquote(m[1], m[2]), file);
    for (const m of source.matchAll(/\bt\(\s*'([^']+)',\s*\{\s*context:\s*'(\w+)'/g)) texts.set(`${m[1]}_${m[2]}`, file);
    for (const m of source.matchAll(tr)) {
      if (m[1] !== undefined) texts.set(m[1], file);
      for (const lit of (m[2] ?? '').matchAll(/(['"])((?:\\.|(?!\1).)*?)\1/g)) texts.set(unquote(lit[1], lit[2]), file);
    }
  }
  return texts;
}

/** What a player's code imports from contracts/ (values, not types): module path → names. */
function contractImports(): Map<string, Set<string>> {
  const imports = new Map<string, Set<string>>();
  for (const file of playerCode) {
    for (const m of read(file).matchAll(/import\s*\{([^}]*)\}\s*from\s*'((?:\.\.\/)+contracts\/[\w.-]+?)(?:\.js)?'/g)) {
      const module = relative(ROOT, join(ROOT, dirname(file), m[2])) + '.ts';
      const names = m[1]
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n && !n.startsWith('type '))
        .map((n) => n.split(/\s+as\s+/)[0]);
      if (names.length) imports.set(module, new Set([...(imports.get(module) ?? []), ...names]));
    }
  }
  return imports;
}

type Schema = { _zod: { def: Record<string, unknown> } };
const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && '_zod' in value;

/**
 * The messages a zod schema says, as built (a message may be made in code, such as "Keep it under
 * 60 characters"): each check's own and each type's "required" message, through pipes, objects,
 * unions and wrappers. A message added by a transform or superRefine is read from the source.
 */
function schemaMessages(schema: Schema, found: Set<string>, seen = new Set<Schema>()): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = schema._zod.def;
  const say = (error: unknown, issue: Record<string, unknown>) => {
    const said = typeof error === 'function' ? (error as (issue: unknown) => unknown)(issue) : error;
    const message = typeof said === 'string' ? said : (said as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && /^[A-Z]/.test(message)) found.add(message);
  };
  say(def.error, { code: 'invalid_type', expected: def.type, input: undefined });
  for (const check of (def.checks as Schema[] | undefined) ?? []) say(check._zod.def.error, { code: check._zod.def.check, input: '' });
  const inner = [def.in, def.out, def.innerType, def.element, def.left, def.right, def.keyType, def.valueType, ...((def.options as unknown[]) ?? [])];
  inner.push(...Object.values((def.shape as Record<string, unknown>) ?? {}));
  for (const next of inner) if (isSchema(next)) schemaMessages(next, found, seen);
}

/**
 * The messages contracts/ builds that a player's screens show: the messages of every schema a
 * player's form checks with (the web's own, and each schema of a contracts module it takes a schema
 * from: one schema may check with another inside a transform, as the USDT details check the address
 * with the TRC20 or the ERC20 schema, unseen by the walk), and each `…MESSAGES` table of a contracts
 * module it imports (the account rules', the amount rule's), as built.
 */
async function contractMessages(): Promise<Set<string>> {
  const found = new Set<string>();
  for (const [module, names] of contractImports()) {
    const exports = (await import(/* @vite-ignore */ join(ROOT, module))) as Record<string, unknown>;
    if ([...names].some((name) => isSchema(exports[name]))) for (const value of Object.values(exports)) if (isSchema(value)) schemaMessages(value, found);
    for (const [name, table] of Object.entries(exports)) {
      if (/(^|_)MESSAGES$/.test(name) && typeof table === 'object' && table)
        for (const text of Object.values(table)) if (typeof text === 'string') found.add(text);
    }
  }
  for (const file of playerCode.filter((f) => /schemas?\.ts$/.test(f))) {
    const exports = (await import(/* @vite-ignore */ join(ROOT, file))) as Record<string, unknown>;
    for (const value of Object.values(exports)) if (isSchema(value)) schemaMessages(value, found);
  }
  return found;
}

/** The rules' messages a player's form shows (contracts' and the web's own zod schemas), which Field shows through `t`. */
function validationMessages(): Set<string> {
  // The literal messages of the contracts' checks, a transform's and a superRefine's included (which
  // schemaMessages cannot see): the server's checks on a player's requests, whose first message a
  // refused request shows (lib/api.ts errorMessage).
  const files = ['accounts', 'account-rules', 'money', 'wallet', 'phone', 'responsible', 'chicken', 'color', 'spinner'].map((f) => `contracts/${f}.ts`);
  files.push(...playerCode.filter((f) => /schemas?\.ts$|rules\.ts$/.test(f) || f.endsWith('VerifyView.tsx') || f.endsWith('FairnessPanel.tsx')));
  const message =
    /(?:(?:\.(?:min|max|regex|refine|length|int|email|url|positive|nonnegative|gte|lte)\(|\bz\.email\()(?:[^()']|\([^()]*\))*?|(?:message|error):\s*)'([^']+)'/g;
  const found = new Set<string>();
  for (const file of files) for (const m of read(file).matchAll(message)) if (/^[A-Z]/.test(m[1])) found.add(m[1]);
  for (const text of [
    ...Object.values(MESSAGES),
    ...Object.values(AMOUNT_MESSAGES),
    ...PASSWORD_RULES.map(([, m]) => m),
    ...Object.values(PASSWORD_MESSAGES),
    ...Object.values(CONFIRM_MESSAGES),
    ...Object.values(HISTORY_TYPE_LABELS),
    ...DIFFICULTIES,
    ...REQUEST_STATUSES,
    ...Object.values(LIMIT_KIND_LABELS),
    ...Object.values(LIMIT_KIND_HELP),
  ])
    found.add(text);
  for (const p of ['', 'a', 'aA', 'aA1', 'aA1!', 'aA1!aaaa']) found.add(passwordStrength(p).label);
  for (const saltSource of [null, ...SALT_SOURCES]) saltNotice({ saltSource, saltBlock: 1 }, (text) => (found.add(text), text));
  return found;
}

/** The codes the server answers with (contracts/errors.ts, which the server's AppError is typed by), for `code:…` keys. */
const serverCodes = (): Set<string> => new Set(ERROR_CODES);

/** Every code the server may answer a player with: each has its Hindi (`code:…`). */
const PLAYER_CODES: readonly string[] = PLAYER_ERROR_CODES;

/** A text counted with `count` has a form per plural category: `key_one`, `key_other`. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');

const schemaTexts = await contractMessages();

describe('the Hindi catalog', () => {
  const catalog = hindi as Record<string, string>;
  const has = (text: string) => text in catalog || (`${text}_one` in catalog && `${text}_other` in catalog);
  const code = textsInCode();
  const rules = new Set([...validationMessages(), ...schemaTexts]);

  it('has every text the player site shows', () => {
    const missing = [...code].filter(([text]) => !has(text)).map(([text, file]) => `${relative('.', file)}: ${text}`);
    const missingRules = [...rules].filter((text) => !has(text));
    expect(missing).toEqual([]);
    expect(missingRules).toEqual([]);
  });

  it('has every message contracts/ builds for a player’s screens: its schemas’ (and the web’s own) and its message tables, as built', () => {
    // The shared rules are read where they are, not copied here: a rule added there is checked too.
    // Messages passed through a helper, built in code, or on a check the web adds (withdraw.schemas.ts).
    expect([...schemaTexts]).toEqual(
      expect.arrayContaining([
        'Enter your first name',
        'Keep it under 60 characters',
        'Enter a valid phone number',
        'Enter a valid TRC20 wallet address (starts with T, 34 characters)',
        'Amount cannot exceed ₹1,00,00,000',
        'Invalid or expired code',
      ]),
    );
    expect([...schemaTexts].filter((text) => !has(text))).toEqual([]);
  });

  it('has the Hindi of every code the server answers a player with, each a code the server uses', () => {
    const codes = serverCodes();
    expect(PLAYER_CODES.filter((c) => !codes.has(c))).toEqual([]);
    expect(PLAYER_CODES.filter((c) => !(`code:${c}` in catalog))).toEqual([]);
  });

  it('has no text that nothing shows any more', () => {
    const codes = serverCodes();
    const unused = Object.keys(catalog).filter((key) => (key.startsWith('code:') ? !codes.has(key.slice(5)) : !code.has(base(key)) && !rules.has(base(key))));
    expect(unused).toEqual([]);
  });

  it('has the English plural forms of every counted text, and each one in Hindi', () => {
    for (const key of Object.keys(english)) {
      expect(code.has(base(key)), key).toBe(true);
      expect(`${base(key)}_one` in catalog && `${base(key)}_other` in catalog, key).toBe(true);
    }
  });

  it('keeps each text’s placeholders and tags, and is Hindi', () => {
    const marks = (text: string) => [...text.matchAll(/\{\{\w+\}\}|<\/?\w+>/g)].map((m) => m[0]).sort();
    const wrong = Object.entries(catalog).filter(([key, value]) => !key.startsWith('code:') && marks(base(key)).join() !== marks(value).join());
    expect(wrong).toEqual([]);
    const words = (text: string) => text.replace(/\{\{\w+\}\}|<\/?\w+>/g, '');
    const untranslated = Object.entries(catalog).filter(([key, value]) => /[A-Za-z]{3}/.test(words(key)) && !/[\u0900-\u097F]/.test(value) && value !== key);
    expect(untranslated).toEqual([]);
  });
});
