import { sql, type AnyColumn } from 'drizzle-orm';
import { check } from 'drizzle-orm/pg-core';

/**
 * A CHECK constraint that the column holds one of `values` (a tuple from ./enums), or null where
 * the column allows it. Values are our own constants, never user input, so they are inlined.
 */
export function oneOf(name: string, column: AnyColumn, values: readonly string[]) {
  const list = values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ');
  return check(name, sql`${column} in (${sql.raw(list)})`);
}
