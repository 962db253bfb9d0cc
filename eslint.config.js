import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layers from './lint/layer-imports.js';
import forms from './lint/form-reads.js';
import tables from './lint/table-ownership.js';

/**
 * The import rules of docs/architecture.md#import-rules, enforced: imports flow
 * lib/db/components → features → routes, and one feature imports another only in the
 * directions listed under `features` (and the single files under `featureFiles`).
 */
const importRules = {
  layers: {
    routes: ['routes', 'features', 'components', 'lib', 'islands'],
    // A component that a page without React also enhances calls the same page script (SocialFeed).
    components: ['components', 'lib', 'islands'],
    // Page scripts (app/islands): plain DOM code run with or without React, bundled into the page.
    islands: ['islands', 'lib'],
    features: ['lib', 'db'],
    lib: ['lib', 'db'],
    db: ['db', 'lib'],
    // What server.js runs from the server bundle: it puts the other layers together.
    server: ['server', 'features', 'lib', 'db'],
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
    // The year-end statements mailing attaches each donor's giving statement (docs/product.md#gift-receipts).
    mailings: ['features/payments/finance.server'],
    // The settings row held in memory by content version (docs/architecture/page-cache.md#content-in-memory):
    // the two-step requirement, prices, grace days and the smallest recurring gift are read from the one copy.
    accounts: ['features/content/settings-row.server'],
    membership: ['features/content/settings-row.server'],
    donations: ['features/content/settings-row.server'],
  },
};

/**
 * Table ownership (docs/architecture.md#table-ownership): each file of app/db/schema has an owner, the
 * one place that writes (inserts, updates, deletes) its tables; other places may import it only
 * where listed as readers, and then only read. A place is 'features/<feature>', 'lib' (shared
 * infrastructure) or 'db'. app/db itself (client, migrations, seed) and tests are not checked.
 */
const tableOwnership = {
  schemaFiles: {
    // Value sets and the CHECK helper: every layer builds its rules on them.
    enums: { owner: 'db', readers: ['*'] },
    check: { owner: 'db', readers: ['*'] },
    // Infrastructure in lib: the audit trail (lib/audit.server.ts), the job runs (lib/jobs.server.ts),
    // the public pages' content version (lib/page-cache.server.ts; its triggers are in the migration).
    audit: { owner: 'lib' },
    jobs: { owner: 'lib' },
    cache: { owner: 'lib' },
    // Users, sessions, accounts, verifications, rate limits: better-auth's, through features/accounts.
    auth: { owner: 'features/accounts' },
    content: {
      owner: 'features/content',
      // Events and their ticket tiers are in content.ts (the public site lists them) but are the events feature's.
      tables: { events: 'features/events', ticketTiers: 'features/events' },
      readers: [
        'features/accounts', // whether two-step sign-in is required of staff, the authenticator's label (site settings)
        'features/mail', // the association's name in every mail (site settings)
        'features/membership', // the grace period and the committee's addresses (site settings)
        'features/payments', // the association's identity on giving statements (site settings)
      ],
      // lib/site-settings.ts describes the root loader's data with the settings row's type: a type
      // compiles to nothing and cannot query, so it is no domain query in lib.
      typeReaders: ['lib'],
    },
    donations: {
      owner: 'features/donations',
      readers: ['features/payments'], // the finance view joins a gift's payment to its cause and donor
    },
    payments: {
      owner: 'features/payments',
      readers: [
        'features/donations', // this year's donors and their totals (mail to donors)
        'features/events', // an event's orders with their payments, and the money per event
      ],
    },
    membership: { owner: 'features/membership' },
    // Gift receipt numbers, receipts and the issuer's details (docs/architecture/finance.md#gift-receipts).
    receipts: { owner: 'features/payments' },
    tickets: { owner: 'features/events' },
    media: {
      owner: 'features/media',
      readers: ['features/content'], // a document's file name and size come with its media row
    },
    mailings: { owner: 'features/mailings' },
    // Transactional mail waiting to leave, written by every feature through features/mail's enqueueMail.
    outbox: { owner: 'features/mail' },
  },
  // Files that write other owners' tables on purpose, each with the schema files (or 'file.table')
  // it writes. Keep this list short: a new entry needs a reason here and in docs/architecture.md.
  exceptions: {
    // Deleting an account anonymises, in one transaction, every record the books keep of it
    // (applications, gifts, subscriptions, ticket orders, tickets) and scrubs the old values of
    // audited detail changes, before the users row goes. Accounts may import no other feature, so
    // it goes through their schema (docs/architecture/accounts.md#deleting-an-account).
    'app/features/accounts/account-deletion.server.ts': ['audit', 'donations', 'membership', 'tickets'],
    // After an email change, the account's applications take the new address (better-auth's
    // update hook; docs/architecture/accounts.md#changing-an-accounts-email).
    'app/features/accounts/account-email.server.ts': ['membership'],
    // The account's display name follows the applicant's name (a new account made in the
    // membership form; a member correcting their details, in the same transaction as the
    // application). Membership may not import accounts, so it sets users.name itself.
    'app/features/membership/membership.server.ts': ['auth.users'],
    // A member import creates the invited accounts of its new members, and their invitations'
    // set-password tokens, in the import's one transaction (docs/architecture/member-import.md);
    // membership may not import accounts.
    'app/features/membership/import.server.ts': ['auth.users', 'auth.verifications'],
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
    plugins: { 'react-hooks': reactHooks, layers, tables, forms },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
      'layers/imports': ['error', importRules],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    // Tests set up and inspect any table, as tests/ outside app/ do.
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'tables/ownership': ['error', tableOwnership] },
  },
  {
    // The server writes to its log (app/lib/log.server.ts), which keeps personal data out; never to the console.
    files: ['**/*.server.{ts,tsx}', 'app/entry.server.tsx', 'app/routes/**/*.ts', 'server.js', 'scripts/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-console': 'error' },
  },
  {
    // Every action reads its form through its schema (parseWithZod), never field by field.
    files: ['app/routes/**/*.{ts,tsx}'],
    rules: { 'forms/no-field-reads': 'error' },
  },
);
