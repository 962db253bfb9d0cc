/**
 * RFC 4180 CSV with a header row. Cells a spreadsheet would run as formulas are defused: a cell that
 * starts with = + - @ tab or carriage return gets a leading apostrophe, and so does every part of a
 * cell after a comma, semicolon, tab, pipe or line break — a spreadsheet set to split on another
 * delimiter (many locales use ';') would otherwise see that part as a cell of its own. Cells with
 * any of those delimiters or quotes are quoted.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const FORMULA_AFTER_DELIMITER = /([,;|\t\r\n])(\s*)(?=[=+\-@])/g;
const NEEDS_QUOTES = /[",;|\t\r\n]/;

function cell(raw: string | number | null | undefined): string {
  let text = raw === null || raw === undefined ? '' : String(raw);
  if (FORMULA_START.test(text)) text = `'${text}`;
  text = text.replace(FORMULA_AFTER_DELIMITER, "$1$2'");
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<T>(rows: T[], columns: { header: string; value: (row: T) => string | number | null | undefined }[]): string {
  const lines = [columns.map((column) => cell(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => cell(column.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * UTF-8's byte-order mark. Excel and LibreOffice read a CSV opened with a double-click in the
 * computer's old code page (Windows-1252 on most) unless the file starts with it: "Zoë" became
 * "ZoÃ«" and Sinhala or Tamil names strings of marks. Parsers that know CSV (csv-parse with `bom`,
 * the Fetch API's `text()`) drop it.
 */
export const UTF8_BOM = '\uFEFF';

/**
 * A CSV download (`{name}-{yyyy-mm-dd}.csv`) that spreadsheets open with every script intact (the
 * byte-order mark above), never cached: it holds people's details. Every export goes through here.
 */
export function csvResponse(body: string, name: string): Response {
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(body.startsWith(UTF8_BOM) ? body : `${UTF8_BOM}${body}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}-${stamp}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
