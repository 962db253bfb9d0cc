/**
 * Where a kind of file lives, and what its name says (docs/decisions/022-file-roles-and-homes.md):
 * pure checks over a list of repository paths, run on the real tree by lint/file-homes.test.ts.
 */

/** A file beside the route modules under app/routes that is no route itself: `name.parts.tsx`, `.parts.ts`, `.parts.server.ts`, `.parts.test.ts`. */
export const PART_NAME = /\.parts(\.server|\.test)?\.tsx?$/;

/**
 * What is wrong with the files under app/routes: each is either a route module that app/routes.ts
 * lists or a part named as one, never both. `files` and `routeModules` are paths from the
 * repository root (`app/routes/portal/profile.tsx`).
 */
export function routeFileProblems(files: readonly string[], routeModules: readonly string[]): string[] {
  const listed = new Set(routeModules);
  const problems: string[] = [];
  for (const file of files) {
    if (!file.startsWith('app/routes/')) continue;
    if (listed.has(file)) {
      if (PART_NAME.test(file)) problems.push(`${file} is a route module in app/routes.ts but named as a part: drop ".parts" from its name`);
    } else if (!PART_NAME.test(file)) {
      problems.push(`${file} is not in app/routes.ts: list it there if it is a route, or name it as a part (name.parts.tsx, .parts.ts, .parts.server.ts)`);
    }
  }
  for (const file of routeModules) if (!files.includes(file)) problems.push(`${file} is in app/routes.ts but not on disk`);
  return problems;
}

/** What opens a test database: tests/setup/database.ts, imported or called. */
const OPENS_DATABASE = /\bsetupTestDatabase\b|tests\/setup\/database\b/;

/**
 * What is wrong with the tests under app/: they are unit tests beside the code and never open a
 * database; a test that does lives in tests/integration/, where `npm run test:db` runs it on
 * PostgreSQL too. `tests` maps a path from the repository root to its text.
 */
export function databaseTestProblems(tests: ReadonlyMap<string, string>): string[] {
  return [...tests]
    .filter(([file, text]) => file.startsWith('app/') && OPENS_DATABASE.test(text))
    .map(([file]) => `${file} opens a test database: move it to tests/integration/ (unit tests beside the code never need one)`);
}

/** An import (or re-export, or dynamic import) whose path goes into the repository's tests/ folder. */
const IMPORTS_TESTS = /\b(?:from|import)\s*\(?\s*['"](?:\.\.\/)+tests\//;

/**
 * What is wrong with the app's own code (not its tests): it never imports from tests/. The container
 * image and a release folder ship without tests/, and the commands run there with tsx
 * (`npm run migrate`, `npm run user`) load app/ as it is written; the server's bundle hid it, as the
 * build inlines what it imports. `sources` maps a path from the repository root to its text.
 */
export function testImportProblems(sources: ReadonlyMap<string, string>): string[] {
  return [...sources]
    .filter(([file, text]) => file.startsWith('app/') && !/\.test\.tsx?$/.test(file) && IMPORTS_TESTS.test(text))
    .map(([file]) => `${file} imports from tests/, which production does not have: move what it needs into app/ (tests may import it from there)`);
}
