import { parse } from 'csv-parse/sync';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from './import-rules';

export { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS };

export type ImportFile = { headers: string[]; rows: string[][] };

/**
 * A file's bytes as text, in the encoding spreadsheets save CSV in: UTF-8 ("CSV UTF-8", with or
 * without its byte-order mark), UTF-16 with its mark (Excel's "Unicode Text", tab separated), or
 * else Windows-1252 (Excel's plain "CSV" on Windows), whose bytes are never invalid. Bytes with
 * NULs and no UTF-16 mark (a workbook, a picture) stay as they are and are refused by readImportCsv.
 */
export function decodeImportFile(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return bytes.includes(0) ? new TextDecoder('utf-8').decode(bytes) : new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * Reads a member import's CSV (comma, semicolon or tab separated, with a header row; a spreadsheet's
 * byte-order mark is dropped). Blank rows stay (so row numbers match the spreadsheet's) and checkImportRows passes over them; a file that cannot be read gets a message.
 */
export function readImportCsv(text: string): ImportFile | { problem: string } {
  if (text.includes('\u0000') || text.includes('\uFFFD')) return { problem: 'This is not a CSV file: save the spreadsheet as CSV (comma separated values) and choose that file.' };
  if (text.length > IMPORT_MAX_BYTES) return { problem: 'The file is larger than 5 MB: split it in parts.' };
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = [',', ';', '\t'].reduce((best, candidate) => (firstLine.split(candidate).length > firstLine.split(best).length ? candidate : best), ',');
  let records: string[][];
  try {
    records = parse(text, { bom: true, delimiter, relax_column_count: true, trim: true });
  } catch (error) {
    return { problem: `The file is not a CSV this page can read (${error instanceof Error ? error.message.split('\n')[0] : 'unreadable'}).` };
  }
  const [headers, ...rows] = records;
  if (!headers || headers.every((header) => header === '')) return { problem: 'The file is empty: it needs a header row and one row per member.' };
  if (rows.every((cells) => cells.every((cell) => cell === ''))) return { problem: 'The file has a header row but no members.' };
  if (rows.length > IMPORT_MAX_ROWS) return { problem: `The file has ${rows.length} rows; import at most ${IMPORT_MAX_ROWS} at a time.` };
  return { headers, rows };
}
