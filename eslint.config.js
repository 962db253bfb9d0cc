import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layers from './lint/layer-imports.js';

/**
 * The import rules of docs/architecture.md#import-rules, enforced: imports flow
 * lib/db/components → features → routes, and one feature imports another only in the
 * directions listed under `features` (and the single files under `featureFiles`).
 */
const importRules = {
  layers: {
    routes: ['routes', 'features', 'components', 'lib'],
    components: ['components', 'lib'],
    features: ['lib', 'db'],
    lib: ['lib', 'db'],
    db: ['db', 'lib'],
    // What server.js runs from the server bundle: it puts the other layers together.
    server: ['features', 'lib', 'db'],
    entry: ['server', 'components', 'lib'],
  },
  features: {
    // Mail and media (uploaded files) are leaves every feature may use (docs/decisions/002, 006).
    '*': ['mail', 'media'],
    // The payment layer hands a confirmed payment to the domain that owns it (docs/decisions/004).
    payments: ['membership', 'donations', 'events'],
    // A message to members asks each domain who is in its audience (docs/product.md#mail-to-members).
    mailings: ['membership', 'donations', 'events'],
  },
  // Single files of another feature that a feature may import where the feature as a whole may not.
  // Each is a door against the usual direction, so it must stay read-only and small, and the rule
  // refuses it any import of the feature it is opened for (no cycle).
  featureFiles: {
    // An event's tickets page shows its orders' money net of refunds. Refunds belong to payments (the
    // one writer of payment_refunds), so the subquery lives there; events may read it, and nothing
    // else of payments (events → payments stays closed: payments → events is the direction).
    events: ['features/payments/refund-totals.server'],
  },
};

export default tseslint.config(
  { ignores: ['build/', 'node_modules/', '.react-router/', 'data/', 'test-results/', 'playwright-report/', '.look/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, layers },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
      'layers/imports': ['error', importRules],
    },
  },
);
