/**
 * Three app servers started at the same moment on one empty PostgreSQL database (CI's PostgreSQL
 * pass, docs/architecture/server.md#several-processes): migrations, sample content and the admin account
 * are made under one advisory lock, so all three serve, the admin account is made once, the sample
 * content added once and each migration applied (and logged) once.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { adminQuery, databaseUrlNamed } from '../setup/postgres';
import { freePort, SERVER_START_LIMIT_MS, startServer, waitUntilServing, type ServerProcess } from '../setup/server-process';

const serverUrl = process.env.TEST_DATABASE_URL;
const name = `ppa_three_${randomBytes(6).toString('hex')}`;
const servers: ServerProcess[] = [];
const admin = { email: 'three-instances@example.org', password: 'a long admin password' };

afterAll(async () => {
  for (const server of servers) server.child.kill('SIGTERM');
  await Promise.all(servers.map((server) => server.exited));
  if (serverUrl) await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
});

describe.skipIf(!serverUrl)('three servers started at once on an empty PostgreSQL database', () => {
  it('all serve, with one admin account, the sample content once and each migration applied once', { timeout: 3 * SERVER_START_LIMIT_MS }, async () => {
    expect(existsSync('build/server/index.js'), 'the servers run the built app: npm run build first').toBe(true);
    await adminQuery(serverUrl!, `create database ${name}`);
    const databaseUrl = databaseUrlNamed(serverUrl!, name);

    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    for (const port of ports) {
      servers.push(
        startServer({
          NODE_ENV: 'production',
          PORT: String(port),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ppa-three-')),
          DATABASE_URL: databaseUrl,
          BETTER_AUTH_SECRET: 'three instances share this secret of 40 chars',
          ALLOW_TEST_PAYMENTS: 'true',
          MAIL_OUTBOX_ONLY: 'true',
          ADMIN_EMAIL: admin.email,
          ADMIN_PASSWORD: admin.password,
        }),
      );
    }
    await Promise.all(servers.map((server, index) => waitUntilServing(server, ports[index]!)));
    for (const port of ports) {
      const home = await fetch(`http://127.0.0.1:${port}/`);
      expect(home.status).toBe(200);
      await home.arrayBuffer();
    }

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const count = async (query: string, values: unknown[] = []) => Number((await client.query<{ n: string }>(query, values)).rows[0]!.n);
      expect(await count('select count(*) as n from users where email = $1', [admin.email])).toBe(1);
      expect(await count('select count(*) as n from users')).toBe(1);
      expect(await count('select count(*) as n from site_settings')).toBe(1);
      expect(await count('select count(*) as n from history_milestones')).toBe(5);
      const newsTitles = (await client.query<{ title: string }>('select title from news')).rows.map((row) => row.title);
      expect(newsTitles.length).toBeGreaterThan(0);
      expect(new Set(newsTitles).size).toBe(newsTitles.length);
    } finally {
      await client.end();
    }

    // Each migration of drizzle/ is applied by one of the three, which says so in its log.
    const journal = JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as { entries: { tag: string }[] };
    const logs = servers.map((server) => server.output()).join('\n');
    for (const { tag } of journal.entries) expect(logs.split(`Applied migration ${tag}`).length - 1, tag).toBe(1);
    expect(logs.split('First start: sample content added.').length - 1).toBe(1);
    expect(logs.split('Created the super_admin account of ADMIN_EMAIL.').length - 1).toBe(1);
  });
});
