/**
 * ESLint rule `tables/ownership`: who may read and who may write the tables of each app/db/schema
 * file (docs/architecture.md#import-rules, "Table ownership").
 *
 * Every schema file has an owner: a feature ('features/payments') or shared infrastructure ('lib',
 * 'db'). A table of the file may name an owner of its own (events and ticket tiers live in
 * content.ts but are the events feature's).
 *
 * - **Import (read).** A file of app/ may import a schema file when its place (its feature, or
 *   lib, or server) owns the file or one of its tables, is listed among the file's `readers` ('*':
 *   everyone), imports types only and is listed among its `typeReaders`, or is itself listed in
 *   `exceptions` for that schema file.
 * - **Write.** A table binding of a schema file passed to `.insert(…)`, `.update(…)` or
 *   `.delete(…)` (`tx.insert(payments)`, `db().update(schema.payments)`) is a write. It is allowed
 *   to the table's owner and to the files listed in `exceptions` for that schema file or table.
 *
 * Not checked: app/db itself (the schema's own layer: the client, migrations and the seed use every
 * table), routes and components (layers/imports refuses them any import of db), code outside app/,
 * and whatever eslint.config.js leaves out (tests). Writes in raw SQL are not seen.
 *
 * Options: { schemaFiles: { [file without .ts]: { owner: place, tables?: { [table]: place },
 *                                                 readers?: place[] | ['*'], typeReaders?: place[] } },
 *            exceptions: { [repository path of a file]: string[] of 'schemaFile' or 'schemaFile.table' } }
 * where a place is 'features/<feature>', 'lib', 'server' or 'db'.
 */
import path from 'node:path';
import { placeOf } from './layer-imports.js';

const schemaFolder = 'app/db/schema/';
const writeMethods = new Set(['insert', 'update', 'delete']);
const docs = 'See docs/architecture.md#import-rules.';

function resolveTarget(specifier, importer, cwd) {
  let absolute;
  if (specifier.startsWith('~/')) absolute = path.join(cwd, 'app', specifier.slice(2));
  else if (specifier.startsWith('./') || specifier.startsWith('../')) absolute = path.resolve(path.dirname(importer), specifier);
  else return null;
  return path.relative(cwd, absolute).split(path.sep).join('/');
}

/** 'app/db/schema/payments.ts' → 'payments'; null for anything else. */
function schemaFileOf(target) {
  if (!target?.startsWith(schemaFolder)) return null;
  const name = target.slice(schemaFolder.length).replace(/\.(ts|js)$/, '');
  return name.includes('/') ? null : name;
}

const placeName = (place) => (place.layer === 'features' ? `features/${place.feature}` : place.layer);

/** Whether an import declaration brings in types only (`import type {…}`, or every specifier `type`). */
function typeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((specifier) => specifier.importKind === 'type' || specifier.exportKind === 'type');
}

export const tableOwnershipRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Each table has one owner that writes it; other features read it only where listed (docs/architecture.md#import-rules).' },
    schema: [
      {
        type: 'object',
        properties: {
          schemaFiles: {
            type: 'object',
            additionalProperties: {
              type: 'object',
              properties: {
                owner: { type: 'string' },
                tables: { type: 'object', additionalProperties: { type: 'string' } },
                readers: { type: 'array', items: { type: 'string' } },
                typeReaders: { type: 'array', items: { type: 'string' } },
              },
              required: ['owner'],
              additionalProperties: false,
            },
          },
          exceptions: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        required: ['schemaFiles'],
        additionalProperties: false,
      },
    ],
    messages: {
      unknown: 'db/schema/{{file}} has no owner: add it to tableOwnership in eslint.config.js (its owner, and who may read it). ' + docs,
      read:
        '{{place}} may not import db/schema/{{file}} ({{specifier}}): its tables belong to {{owner}}. May import it: {{allowed}}. ' +
        'Ask {{owner}} for what you need, or list {{place}} among its readers in tableOwnership (eslint.config.js), with the reason. ' +
        docs,
      readLib:
        'lib holds no domain queries: it may not import db/schema/{{file}} ({{specifier}}), whose tables belong to {{owner}}. ' +
        'lib may import: {{allowed}}. Put the query in the feature that owns the table. ' +
        docs,
      write:
        '{{place}} may not write {{table}} of db/schema/{{file}} (.{{method}}): {{owner}} owns it and is the one place that inserts, ' +
        'updates or deletes its rows{{readNote}}. Call a function of {{owner}} instead; the only other writers are the files listed in ' +
        'tableOwnership.exceptions (eslint.config.js). ' +
        docs,
    },
  },
  create(context) {
    const { schemaFiles, exceptions = {} } = context.options[0] ?? { schemaFiles: {} };
    const cwd = context.cwd;
    const importerPath = path.relative(cwd, context.filename).split(path.sep).join('/');
    const from = placeOf(importerPath);
    // db is the schema's own layer; routes and components may not import db at all (layers/imports).
    if (!from || ['db', 'routes', 'components', 'entry'].includes(from.layer)) return {};
    const place = placeName(from);
    const excepted = exceptions[importerPath] ?? [];

    const ownerOf = (file, table) => schemaFiles[file].tables?.[table] ?? schemaFiles[file].owner;
    const ownsPartOf = (file) => schemaFiles[file].owner === place || Object.values(schemaFiles[file].tables ?? {}).includes(place);
    const exceptedFor = (file, table) => excepted.includes(file) || (table !== undefined && excepted.includes(`${file}.${table}`));
    const exceptedForAny = (file) => excepted.some((entry) => entry === file || entry.startsWith(`${file}.`));
    const reads = (file) => {
      const readers = schemaFiles[file].readers ?? [];
      return readers.includes('*') || readers.includes(place);
    };

    function mayImport(file, onlyTypes) {
      return ownsPartOf(file) || reads(file) || (onlyTypes && (schemaFiles[file].typeReaders ?? []).includes(place)) || exceptedForAny(file);
    }

    /** Whose tables `file` holds, in words: 'features/content (events, ticketTiers: features/events)'. */
    function describeOwner(file) {
      const tables = Object.entries(schemaFiles[file].tables ?? {});
      return schemaFiles[file].owner + (tables.length ? ` (${tables.map(([table, owner]) => `${table}: ${owner}`).join(', ')})` : '');
    }

    /** Who may import `file`, in words: its owners, readers and type-readers. */
    function describeImporters(file) {
      const entry = schemaFiles[file];
      const list = [entry.owner, ...Object.values(entry.tables ?? {}), ...(entry.readers ?? [])];
      const names = [...new Set(list)].map((name) => (name === '*' ? 'everyone' : name));
      names.push(...(entry.typeReaders ?? []).map((name) => `${name} (import type only)`));
      const files = Object.keys(exceptions).filter((file_) => exceptions[file_].some((item) => item === file || item.startsWith(`${file}.`)));
      names.push(...files.map((file_) => `${file_} (listed exception)`));
      return names.join(', ');
    }

    /** What lib may import of db/schema, in words. */
    function describeLibImports() {
      const files = Object.keys(schemaFiles).filter((file) => ownsPartOf(file) || reads(file));
      const typeFiles = Object.keys(schemaFiles).filter((file) => (schemaFiles[file].typeReaders ?? []).includes(place));
      return [...files.map((file) => `db/schema/${file}`), ...typeFiles.map((file) => `db/schema/${file} (import type only)`)].join(', ') || 'no schema file';
    }

    // Table bindings imported from schema files: the specifier node → its file and table (or namespace).
    const bindings = new Map();
    const calls = [];

    function checkImport(node, source) {
      if (!source || typeof source.value !== 'string') return;
      const file = schemaFileOf(resolveTarget(source.value, context.filename, cwd));
      if (!file) return;
      if (!schemaFiles[file]) {
        context.report({ node, messageId: 'unknown', data: { file } });
        return;
      }
      const onlyTypes = node.type !== 'ImportExpression' && typeOnly(node);
      if (!mayImport(file, onlyTypes)) {
        const owner = describeOwner(file);
        if (from.layer === 'lib') context.report({ node, messageId: 'readLib', data: { file, specifier: source.value, owner, allowed: describeLibImports() } });
        else context.report({ node, messageId: 'read', data: { place, file, specifier: source.value, owner, allowed: describeImporters(file) } });
      }
      // Writes through a refused import are reported as well: they are a breach of their own.
      if (node.type !== 'ImportDeclaration' || onlyTypes) return;
      for (const specifier of node.specifiers) {
        if (specifier.importKind === 'type') continue;
        if (specifier.type === 'ImportSpecifier') bindings.set(specifier, { file, table: specifier.imported.name ?? specifier.imported.value });
        else bindings.set(specifier, { file, namespace: true });
      }
    }

    /** The import an identifier refers to, if it is one of the tracked schema bindings. */
    function bindingOf(identifier) {
      let scope = context.sourceCode.getScope(identifier);
      while (scope) {
        const reference = scope.references.find((candidate) => candidate.identifier === identifier);
        if (reference) {
          const definition = reference.resolved?.defs.find((def) => def.type === 'ImportBinding');
          return definition ? bindings.get(definition.node) : undefined;
        }
        scope = scope.upper;
      }
      return undefined;
    }

    /** `payments` or `schema.payments` → { file, table } when it is a table of a schema file. */
    function tableOf(argument) {
      if (argument?.type === 'Identifier') {
        const binding = bindingOf(argument);
        return binding && !binding.namespace ? binding : undefined;
      }
      if (argument?.type === 'MemberExpression' && !argument.computed && argument.object.type === 'Identifier' && argument.property.type === 'Identifier') {
        const binding = bindingOf(argument.object);
        return binding?.namespace ? { file: binding.file, table: argument.property.name } : undefined;
      }
      return undefined;
    }

    function checkWrite(node) {
      const callee = node.callee;
      if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
      if (!writeMethods.has(callee.property.name)) return;
      const target = tableOf(node.arguments[0]);
      if (!target) return;
      const owner = ownerOf(target.file, target.table);
      if (owner === place || exceptedFor(target.file, target.table)) return;
      context.report({
        node,
        messageId: 'write',
        data: {
          place,
          table: target.table,
          file: target.file,
          method: callee.property.name,
          owner,
          readNote: reads(target.file) ? `; ${place} is listed as a reader, which allows reading only` : '',
        },
      });
    }

    return {
      ImportDeclaration: (node) => checkImport(node, node.source),
      ExportNamedDeclaration: (node) => checkImport(node, node.source),
      ExportAllDeclaration: (node) => checkImport(node, node.source),
      ImportExpression: (node) => checkImport(node, node.source.type === 'Literal' ? node.source : null),
      // Judged at the end, when every import is known (an import may follow the code that uses it).
      CallExpression: (node) => calls.push(node),
      'Program:exit': () => calls.forEach(checkWrite),
    };
  },
};

export default { rules: { ownership: tableOwnershipRule } };
