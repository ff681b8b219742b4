import { parse } from 'csv-parse/sync';

/**
 * The serials of a CSV file's first column, as staff upload them (message targets, rollout targets): comma,
 * semicolon or tab separated, a header row without digits skipped, upper-cased, each once. Throws csv-parse's error
 * for text that is not CSV; the caller says which field it was.
 */
export function serialsOfCsv(text: string): string[] {
  const rows: string[][] = parse(text, {
    bom: true,
    delimiter: [',', ';', '\t'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
  });
  const firsts = rows.map((row) => (row[0] ?? '').trim()).filter((s) => s !== '');
  const start = firsts.length > 0 && !/\d/.test(firsts[0] ?? '') ? 1 : 0;
  return [...new Set(firsts.slice(start).map((s) => s.toUpperCase()))];
}
