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

/**
 * Drops a test's database, ending the sessions still on it (`with (force)`). Forcing may be refused
 * (42501) to a role without `pg_signal_backend` when the session is an autovacuum worker's (it has
 * no role): a plain drop then asks autovacuum to stop by itself; tried again while the worker ends.
 */
export async function dropTestDatabase(serverUrl: string, name: string): Promise<void> {
  try {
    await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  } catch (error) {
    if ((error as { code?: string }).code !== '42501') throw error;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await adminQuery(serverUrl, `drop database if exists ${name}`);
        return;
      } catch (again) {
        if (attempt >= 20) throw again;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }
}

/** The same server's URL, for the database `name`. */
export function databaseUrlNamed(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
