import { describe, expect, it } from 'vitest';
import { attachment, csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it('leaves plain text, numbers and booleans alone and empties null', () => {
    expect(csvCell('Ruth Miller')).toBe('Ruth Miller');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(new Date('2030-05-04T09:00:00Z'))).toBe('2030-05-04T09:00:00.000Z');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('Napa, CA')).toBe('"Napa, CA"');
    expect(csvCell('say "amen"')).toBe('"say ""amen"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('toCsv', () => {
  it('writes a BOM, the header and CRLF-terminated rows', () => {
    expect(
      toCsv(
        ['ID', 'Name'],
        [
          [1, 'Ann'],
          [2, 'Lee, Bo'],
        ],
      ),
    ).toBe('\uFEFFID,Name\r\n1,Ann\r\n2,"Lee, Bo"\r\n');
  });
});

describe('attachment', () => {
  it('names the download safely', () => {
    expect(attachment('event-3-registrations.csv')).toBe('attachment; filename="event-3-registrations.csv"');
    expect(attachment('a"b/c.csv')).toBe('attachment; filename="a_b_c.csv"');
  });
});
