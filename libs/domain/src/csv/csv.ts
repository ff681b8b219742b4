/**
 * The first characters that make a spreadsheet (Excel, LibreOffice, Google Sheets) read a cell as a formula:
 * `=`, `+`, `-`, `@`, tab and carriage return (OWASP, "CSV Injection").
 */
export const CSV_FORMULA_TRIGGERS: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

/** A value a CSV export writes into a cell; null and undefined are an empty cell. */
export type CsvCellValue = string | number | boolean | null | undefined;

/**
 * A text cell made safe to open in a spreadsheet (OWASP "CSV Injection"): a cell starting with one of
 * {@link CSV_FORMULA_TRIGGERS} gets a leading single quote, so it reads as text, not as a formula. Quoting the
 * cell (commas, double quotes, line breaks) is the CSV writer's job, not this rule's.
 */
export function escapeCsvCell(text: string): string {
  return text !== '' && CSV_FORMULA_TRIGGERS.includes(text.charAt(0)) ? `'${text}` : text;
}

/**
 * The text of an exported cell, always through {@link escapeCsvCell}: null and undefined empty, a number as
 * written (a negative one escaped too: the rule is on the text, whatever made it), a boolean `yes`/`no`.
 */
export function csvCellText(value: CsvCellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return escapeCsvCell(String(value));
}
