/** RFC 4180 CSV with a header row; cells that a spreadsheet would run as formulas are defused. */
export function toCsv<T>(rows: T[], columns: { header: string; value: (row: T) => string | number | null | undefined }[]): string {
  const cell = (raw: string | number | null | undefined) => {
    let text = raw === null || raw === undefined ? '' : String(raw);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [columns.map((column) => cell(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => cell(column.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
