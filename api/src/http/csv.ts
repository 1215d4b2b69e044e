// CSV as RFC 4180 writes it, made safe to open in a spreadsheet.

export type CsvValue = string | number | boolean | null;

/** Characters that make a spreadsheet read a cell as a formula (CSV injection), so such a cell is neutralised. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Characters that force a field into quotes. */
const NEEDS_QUOTES = /[",\r\n]/;

/** One field: a formula-like start gets a leading single quote, then quotes are doubled and the field quoted if needed. */
export function csvField(value: CsvValue): string {
  let text = value === null ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ending in CRLF. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
