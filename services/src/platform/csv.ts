/**
 * CSV for spreadsheet programs (the customers and login-history exports): RFC 4180 quoting, a UTF-8 byte order
 * mark so Excel reads the file as UTF-8 (names in Arabic or with accents), and a formula-injection guard that
 * keeps ordinary values readable (OWASP "CSV injection").
 */

/** Written once, before the header: Excel only takes a CSV for UTF-8 when it starts with it. */
export const CSV_BOM = '\uFEFF';

/**
 * A `+` or `-` cell that is only a number or a phone number ("+44 20 7946 0000", "-5", "+1 (555) 010-0199",
 * a lone "-"): a spreadsheet computes nothing from it, so it is written as it is.
 */
const NUMBER_OR_PHONE = /^[+-][\d\s().,/-]*$/;

/**
 * Whether a spreadsheet could run the cell as a formula: it starts with `=`, `@`, a tab or a carriage return,
 * or with `+` / `-` followed by anything but a plain number or phone number (`-2+3+cmd|' /C calc'!A0`,
 * `+SUM(A1)`, `-@x`).
 */
export function isFormulaLike(text: string): boolean {
  if (/^[=@\t\r]/.test(text)) return true;
  return /^[+-]/.test(text) && !NUMBER_OR_PHONE.test(text);
}

/** One cell: defused with a leading `'` when formula-like, quoted when it holds `"`, `,`, CR/LF or edge spaces. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (isFormulaLike(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CRLF-terminated line. */
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** `social_media` → "Social media" for a code the export has no label for. */
export function humanizeCode(code: string): string {
  const words = code.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
