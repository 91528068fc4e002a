/** A cell of a CSV export; null and undefined become empty cells. */
export type CsvCell = string | number | boolean | Date | null | undefined;

/**
 * Characters that make a spreadsheet read a cell as a formula (CSV injection, OWASP): such a text
 * cell gets a leading apostrophe so it shows as typed and is never evaluated.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString();
  if (typeof cell === 'number' || typeof cell === 'boolean') return String(cell);
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** RFC 4180 quoting: a cell with a quote, comma or line break is quoted, its quotes doubled. */
export function csvCell(cell: CsvCell): string {
  const text = cellText(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A CSV document: header row then data rows, CRLF line ends, with a byte-order mark so that
 * spreadsheet programs read it as UTF-8 (names with accents stay intact).
 */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Content-Disposition for a download, with a file name we build ourselves (no user input). */
export function attachment(fileName: string): string {
  return `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
}
