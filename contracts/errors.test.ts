import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, PLAYER_ERROR_CODES } from './errors.js';

const ROOT = join(__dirname, '..');
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
const serverSource = walk(join(ROOT, 'server'))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('test-support'))
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');

describe('the error codes', () => {
  it('lists each code once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(new Set(PLAYER_ERROR_CODES).size).toBe(PLAYER_ERROR_CODES.length);
  });

  it('names every code an answer of the server writes out as `code: …` (AppError is typed by the list)', () => {
    const written = [...serverSource.matchAll(/\bcode: '([A-Z][A-Z0-9_]{2,})'/g)].map((m) => m[1]);
    expect(written.length).toBeGreaterThan(5);
    expect([...new Set(written)].filter((code) => !(ERROR_CODES as readonly string[]).includes(code))).toEqual([]);
  });

  it('holds no code the server never answers', () => {
    expect(ERROR_CODES.filter((code) => !serverSource.includes(`'${code}'`))).toEqual([]);
  });
});
