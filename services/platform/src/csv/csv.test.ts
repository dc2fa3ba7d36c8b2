import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.ts';

describe('csvCell', () => {
  it.each([
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ['+1+1', "'+1+1"],
    ['-2+3+cmd|x', "'-2+3+cmd|x"],
    ['@SUM(1+1)*cmd|x', "'@SUM(1+1)*cmd|x"],
    ['\t=1+1', "'\t=1+1"],
    ['=1+2', "'=1+2"],
  ])('csvCell, a formula start %j, gets a leading apostrophe', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('csvCell, a carriage return first, is defused and quoted (it is a line break)', () => {
    expect(csvCell('\r=1+1')).toBe('"\'\r=1+1"');
  });

  it('csvCell, a formula with a comma and quotes, is defused inside the quotes with quotes doubled', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });

  it('csvCell, plain Japanese text and a formula sign inside the text, is left as it is', () => {
    expect(csvCell('チケット=3枚 a-b')).toBe('チケット=3枚 a-b');
  });

  it('csvCell, null and undefined, are empty cells', () => {
    expect([csvCell(null), csvCell(undefined), csvCell('')]).toEqual(['', '', '']);
  });

  it('csvLine, several cells, joins them with commas and ends with CRLF', () => {
    expect(csvLine(['a', '=b', null, 'c,d'])).toBe('a,\'=b,,"c,d"\r\n');
  });
});
