/*
 * CSV files the back office hands to Excel (form answers, the accountant's orders): UTF-8 with a
 * byte-order mark, `;` separators and CRLF line ends, which French Excel opens as they are.
 */

const CSV_SEPARATOR = ';';
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * One CSV cell: always quoted (a `;`, a quote or a line break stays inside it), and a text that
 * a spreadsheet would run as a formula (=, +, -, @, tab, CR) is made plain text with a leading '.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The whole file, header row first. */
export function csvFile(rows: readonly (readonly string[])[]): string {
  return (
    BYTE_ORDER_MARK + rows.map((row) => row.map(csvCell).join(CSV_SEPARATOR)).join('\r\n') + '\r\n'
  );
}
