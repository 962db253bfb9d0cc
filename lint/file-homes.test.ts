/**
 * The homes and names of docs/decisions/022-file-roles-and-homes.md, checked on deliberate breaches
 * and on the repository's own files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import routes from '~/routes';
import { databaseTestProblems, routeFileProblems, testImportProblems } from './file-homes';

/** Every module app/routes.ts names, layouts included, as a path from the repository root. */
function routeModules(entries: readonly RouteConfigEntry[] = routes): string[] {
  return entries.flatMap((entry) => [path.posix.join('app', entry.file), ...routeModules(entry.children ?? [])]);
}

/** The files under a folder, as paths from the repository root. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.posix.join(path.relative('.', entry.parentPath).split(path.sep).join('/'), entry.name));
}

describe('route modules and their parts', () => {
  const listed = ['app/routes/portal/profile.tsx', 'app/routes/logout.ts'];

  it.each([
    ['a part', 'app/routes/portal/profile-email.parts.tsx'],
    ['a server-only part', 'app/routes/portal/profile-email.parts.server.ts'],
    ['a plain part', 'app/routes/portal/sections.parts.ts'],
    ["a part's test", 'app/routes/admin/record-history.parts.test.ts'],
  ])('accepts %s beside the routes', (_kind, file) => {
    expect(routeFileProblems([...listed, file], listed)).toEqual([]);
  });

  it.each([
    ['a component', 'app/routes/portal/profile-email.tsx'],
    ['a server module', 'app/routes/admin/dashboard/guard.server.ts'],
    ['a test', 'app/routes/_site/check-in-network.test.ts'],
    ['a part named the old way', 'app/routes/admin/finance-parts.tsx'],
  ])('refuses %s that is neither listed nor named as a part', (_kind, file) => {
    expect(routeFileProblems([...listed, file], listed)).toEqual([expect.stringContaining(`${file} is not in app/routes.ts`)]);
  });

  it('refuses a listed route module named as a part', () => {
    const file = 'app/routes/admin/finance.parts.tsx';
    expect(routeFileProblems([...listed, file], [...listed, file])).toEqual([expect.stringContaining('named as a part')]);
  });

  it('refuses a listed module that is not on disk', () => {
    expect(routeFileProblems(listed, [...listed, 'app/routes/gone.tsx'])).toEqual([expect.stringContaining('not on disk')]);
  });

  it('holds for every file under app/routes', () => {
    const modules = routeModules();
    expect(modules.length).toBeGreaterThan(80);
    expect(routeFileProblems(filesUnder('app/routes'), modules)).toEqual([]);
  });
});

describe('database tests', () => {
  const unit = "import { expect, it } from 'vitest';\nit('adds', () => expect(1 + 1).toBe(2));\n";
  const opening = "import { setupTestDatabase } from '../../tests/setup/database';\nconst database = setupTestDatabase();\n";

  it('accepts a unit test beside the code and a database test in tests/integration', () => {
    expect(
      databaseTestProblems(
        new Map([
          ['app/lib/money.test.ts', unit],
          ['tests/integration/orders.test.ts', opening],
        ]),
      ),
    ).toEqual([]);
  });

  it('refuses a test under app/ that opens a database', () => {
    expect(databaseTestProblems(new Map([['app/features/events/orders.server.test.ts', opening]]))).toEqual([
      expect.stringContaining('app/features/events/orders.server.test.ts opens a test database'),
    ]);
  });

  it('holds for every test under app/', () => {
    const tests = filesUnder('app').filter((file) => /\.test\.tsx?$/.test(file));
    expect(tests.length).toBeGreaterThan(50);
    expect(databaseTestProblems(new Map(tests.map((file) => [file, readFileSync(file, 'utf8')])))).toEqual([]);
  });
});

describe('the app without tests/', () => {
  it('refuses app code that imports from tests/, and accepts a test beside the code that does', () => {
    const seed = "import { createEvent } from '../../tests/factories/content';\n";
    expect(testImportProblems(new Map([['app/db/seed.ts', seed]]))).toEqual([expect.stringContaining('app/db/seed.ts imports from tests/')]);
    expect(testImportProblems(new Map([['app/lib/money.test.ts', seed]]))).toEqual([]);
    expect(testImportProblems(new Map([['app/db/seed.ts', "const lazy = await import('../../tests/factories/content');\n"]]))).toHaveLength(1);
  });

  it('holds for every file under app/', () => {
    const sources = filesUnder('app').filter((file) => /\.tsx?$/.test(file));
    expect(testImportProblems(new Map(sources.map((file) => [file, readFileSync(file, 'utf8')])))).toEqual([]);
  });
});
