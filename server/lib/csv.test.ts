import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.js';

describe('CSV', () => {
  it('quotes what needs quoting and keeps formulas as text', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('-5')).toBe(`"'-5"`);
    expect(csvCell('+cmd|calc')).toBe(`"'+cmd|calc"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
    expect(toCsv(['x', 'y'], [[1, 'a']])).toBe('x,y\r\n1,a\r\n');
  });
});
