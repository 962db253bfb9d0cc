import pg from 'pg';

/** Runs one statement on the PostgreSQL server of `serverUrl` (create or drop a database). */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The same server's URL, for the database `name`. */
export function databaseUrlNamed(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
