import { describe, expect, it } from 'vitest';
import { csvField, csvRow } from './csv.js';

describe('csvField', () => {
  it('leaves a plain field as it is', () => {
    expect(csvField('streamer')).toBe('streamer');
    expect(csvField(39999)).toBe('39999');
    expect(csvField(true)).toBe('true');
    expect(csvField('')).toBe('');
    expect(csvField(null)).toBe('');
  });

  it('quotes a field holding a comma, a quote, CR or LF, doubling the quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('line\nfeed')).toBe('"line\nfeed"');
    expect(csvField('"')).toBe('""""');
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+cmd|x', "'+cmd|x"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
  ])('neutralises %j, which a spreadsheet would run as a formula', (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });

  it('neutralises first, then quotes', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('\rx')).toBe(`"'\rx"`);
  });

  it('only looks at the first character', () => {
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField(' =x')).toBe(' =x');
  });
});

describe('csvRow', () => {
  it('joins fields with commas and ends with CRLF', () => {
    expect(csvRow(['id', 'username'])).toBe('id,username\r\n');
    expect(csvRow([1, 'a,b', null, '=x'])).toBe(`1,"a,b",,'=x\r\n`);
  });
});
