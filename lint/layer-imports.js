/**
 * ESLint rule `layers/imports`: which folder of app/ may import which (docs/architecture.md#import-rules).
 *
 * Every import, re-export and literal dynamic import whose target is a file of this repository
 * ('~/…' or a relative path) is resolved to a path, both ends are placed in a layer, and the
 * import is reported unless the configuration allows it. Packages and files outside app/ (tests,
 * scripts, server.js) are not layers and are not checked.
 *
 * Options: { layers: { [layer]: string[] of layers it may import },
 *            features: { [feature or '*']: string[] of other features it may import },
 *            featureFiles: { [feature]: string[] of single files of other features it may import,
 *                            as 'features/<feature>/<file>' without extension } }
 *
 * A file listed in `featureFiles` is a narrow door against the usual direction; so that it stays
 * one-way, that file may not import the feature it is opened for (it would close a cycle).
 */
import path from 'node:path';

/** Where a file of the repository sits: its layer, and for features which one. */
export function placeOf(relativePath) {
  const parts = relativePath.split('/');
  if (parts[0] !== 'app') return null;
  // The server bundle's entry hands server.js its runtime (app/server), besides rendering.
  if (relativePath === 'app/entry.server.tsx') return { layer: 'entry' };
  if (parts.length === 2) return { layer: 'routes' }; // app/root.tsx, app/entry.client.tsx, app/routes.ts
  switch (parts[1]) {
    case 'routes':
      return { layer: 'routes' };
    case 'components':
      return { layer: 'components' };
    case 'lib':
      return { layer: 'lib' };
    case 'db':
      return { layer: 'db' };
    case 'server':
      return { layer: 'server' };
    case 'islands':
      return { layer: 'islands' };
    case 'features':
      return { layer: 'features', feature: parts[2] };
    default:
      return null;
  }
}

function resolveTarget(specifier, importer, cwd) {
  let absolute;
  if (specifier.startsWith('~/')) absolute = path.join(cwd, 'app', specifier.slice(2));
  else if (specifier.startsWith('./') || specifier.startsWith('../')) absolute = path.resolve(path.dirname(importer), specifier);
  else return null;
  return path.relative(cwd, absolute).split(path.sep).join('/');
}

/** 'app/features/payments/refund-totals.server.ts' → 'features/payments/refund-totals.server'. */
const moduleName = (target) => target.replace(/^app\//, '').replace(/\.(ts|tsx|js|mjs)$/, '');

const describePlace = (place) => (place.layer === 'features' ? `features/${place.feature}` : place.layer);

export const layerImportsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports flowing the one way docs/architecture.md#import-rules describes.' },
    schema: [
      {
        type: 'object',
        properties: {
          layers: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          features: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          featureFiles: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        required: ['layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      forbidden: '{{from}} may not import {{to}} ({{specifier}}). Allowed from {{from}}: {{allowed}}. See docs/architecture.md#import-rules.',
      backwards:
        '{{file}} may not import {{to}} ({{specifier}}): {{to}} imports this file by an exception (featureFiles in eslint.config.js), so it must not import {{to}} back. See docs/architecture.md#import-rules.',
    },
  },
  create(context) {
    const { layers, features = {}, featureFiles = {} } = context.options[0] ?? { layers: {} };
    const cwd = context.cwd;
    const importerPath = path.relative(cwd, context.filename).split(path.sep).join('/');
    const from = placeOf(importerPath);
    if (!from) return {};
    // The features that import this very file through `featureFiles`: it may not import them back.
    const openedFor = Object.keys(featureFiles).filter((feature) => featureFiles[feature].includes(moduleName(importerPath)));

    function allowedFeatures(feature) {
      return [feature, ...(features['*'] ?? []), ...(features[feature] ?? [])];
    }

    function allowed(to, target) {
      if (from.layer === 'features' && to.layer === 'features') {
        return allowedFeatures(from.feature).includes(to.feature) || (featureFiles[from.feature] ?? []).includes(moduleName(target));
      }
      return (layers[from.layer] ?? []).includes(to.layer);
    }

    function describeAllowed() {
      const list = [...(layers[from.layer] ?? [])];
      if (from.layer === 'features') {
        list.push(...allowedFeatures(from.feature).map((feature) => `features/${feature}`));
        list.push(...(featureFiles[from.feature] ?? []).map((file) => `${file} (this file only)`));
      }
      return list.join(', ') || 'nothing in app/';
    }

    function check(node, source) {
      if (!source || typeof source.value !== 'string') return;
      const target = resolveTarget(source.value, context.filename, cwd);
      if (!target) return;
      const to = placeOf(target);
      if (!to) return;
      if (to.layer === 'features' && openedFor.includes(to.feature) && to.feature !== from.feature) {
        context.report({ node, messageId: 'backwards', data: { file: moduleName(importerPath), to: describePlace(to), specifier: source.value } });
        return;
      }
      if (allowed(to, target)) return;
      context.report({
        node,
        messageId: 'forbidden',
        data: { from: describePlace(from), to: describePlace(to), specifier: source.value, allowed: describeAllowed() },
      });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
    };
  },
};

export default { rules: { imports: layerImportsRule } };
