import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import tseslint from 'typescript-eslint';

// Module boundaries (docs/architecture.md): each rule names what a kind of file may not import.
// `allowTypeImports` lets a file name a type (the database handle, a logger) without using the layer.
const restrict = (...patterns) => ['error', { patterns: patterns.map(([regex, message]) => ({ regex, message, allowTypeImports: true })) }];
const REPO = ['\\.repo(\\.js)?$', 'Only repositories touch the database: call a service.'];
const DB = ['(^|/)db/', 'Only repositories touch the database: call a service.'];
const DRIZZLE = ['^drizzle-orm', 'SQL belongs in a repository (*.repo.ts).'];
const HTTP = ['(^|/)plugins/|^fastify', 'Services know nothing of HTTP: take what they need as arguments (see lib/ownership.ts).'];
const ROUTES = ['\\.routes(\\.js)?$', 'Routes are registered by server/modules/index.ts only (a module face exporting routes makes import cycles).'];
const OTHER_MODULE = ['^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.js$)', 'Use another module only through its index.ts.'];
const MODULE_INSIDE = ['(^|/)modules/[^/]+/(?!index\\.js$)', 'Use a module only through its index.ts.'];
const OTHER_FEATURE_1 = ['^\\.\\./(?!\\.\\.)', 'Features do not import each other: move what both need to components/ or lib/.'];
const OTHER_FEATURE_2 = ['^\\.\\./\\.\\./(?!\\.\\.)', 'Features do not import each other: move what both need to components/ or lib/.'];
const FEATURES = ['(^|/)features/', 'Features do not import each other: move what both need to components/ or lib/.'];

const VIEW = ['\\.view(\\.js)?$', 'Rules and services return rows and domain objects; the route shapes the answer with the view.'];

// One clock: a module's code takes `now` from its context (ctx.now, read once per request or job run).
const CLOCK = [
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Take `now` from the caller (ctx.now), not new Date().' },
  { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'Take `now` from the caller (ctx.now), not Date.now().' },
];
// One shape for every call: the route kit (server/http/route.ts) wraps the envelope, and start-up
// work is a task of server/modules/jobs.ts, run by the scheduler.
const ROUTE_SHAPE = [
  { selector: "Property[key.name='success']", message: 'Return the data: the route kit (server/http/route.ts) wraps the envelope.' },
  {
    selector: "CallExpression[callee.property.name='addHook'][arguments.0.value='onReady']",
    message: 'Start-up work is a task in server/modules/jobs.ts (startupTasks).',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'screenshots', 'coverage', 'test-results', '.runtime'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through server/config.ts.' }],
    },
  },
  {
    files: ['server/config.ts', 'server/index.ts', 'tests/**', 'bench/**', 'scripts/**', '*.config.*'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // One clock: a module's code takes `now` from its caller (the request's context, or the job's
    // run), so tests move time and a call reads one instant throughout.
    files: ['server/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.fixtures.ts', '**/*.test-support.ts'],
    rules: { 'no-restricted-syntax': ['error', ...CLOCK] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Every word a player reads goes through t(): a bare English text in JSX shows as English on a
  // Hindi screen. The back office stays English (decision 24).
  {
    files: ['web/src/**/*.tsx'],
    // The second factor's set-up is for admins only.
    ignores: ['web/src/features/admin/**', 'web/src/features/auth/SecondFactorStep.tsx', '**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        // What reads the same in every language: text with no Latin letter (₹, 18+, 404, ✓), the
        // multiplier's x, the brand, Telegram and the keys' names.
        { mode: 'jsx-text-only', words: { exclude: ['^[^A-Za-z]*$', '^\\s*x\\s*$', '^[A-Z]$', '^(Rupee|Arcade|Rupee Arcade|Telegram|Space)$'] } },
      ],
    },
  },

  // Server layers: routes → services → repositories → database.
  {
    files: ['server/modules/*/*.routes.ts', 'server/modules/*/*.cookies.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': restrict(REPO, DB, DRIZZLE, OTHER_MODULE) },
  },
  { files: ['server/modules/*/*.routes.ts'], rules: { 'no-restricted-syntax': ['error', ...CLOCK, ...ROUTE_SHAPE] } },
  {
    files: ['server/modules/*/*.ts'],
    ignores: [
      'server/modules/*/*.routes.ts',
      'server/modules/*/*.cookies.ts',
      'server/modules/*/*.repo.ts',
      'server/modules/*/index.ts',
      'server/modules/*/*.view.ts',
      '**/*.test.ts',
      '**/*.fixtures.ts',
      '**/*.test-support.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict(
        HTTP,
        DRIZZLE,
        ['(^|/)db/schema', 'Only repositories touch the database: call a repository.'],
        ROUTES,
        OTHER_MODULE,
        VIEW,
      ),
    },
  },
  {
    // Views shape answers from what services return; they read rules, never the other way round.
    files: ['server/modules/*/*.view.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': restrict(HTTP, DRIZZLE, DB, ROUTES, OTHER_MODULE) },
  },
  { files: ['server/modules/*/*.repo.ts'], rules: { '@typescript-eslint/no-restricted-imports': restrict(HTTP, ROUTES, OTHER_MODULE) } },
  { files: ['server/modules/*/index.ts'], rules: { '@typescript-eslint/no-restricted-imports': restrict(OTHER_MODULE, ROUTES) } },
  { files: ['server/plugins/*.ts'], ignores: ['**/*.test.ts'], rules: { '@typescript-eslint/no-restricted-imports': restrict(DB, DRIZZLE, MODULE_INSIDE) } },
  {
    files: ['server/lib/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict(DB, DRIZZLE, ['(^|/)(plugins|modules)/', 'lib/ holds plain helpers that depend on no layer.']),
    },
  },
  {
    files: ['contracts/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': restrict(['(^|/)(server|web)/', 'contracts/ is shared by server and web and imports neither.']) },
  },

  // Web: features never import each other; shared pieces live in components/ and lib/.
  { files: ['web/src/features/*/*.{ts,tsx}'], rules: { '@typescript-eslint/no-restricted-imports': restrict(OTHER_FEATURE_1, FEATURES) } },
  { files: ['web/src/features/*/*/*.{ts,tsx}'], rules: { '@typescript-eslint/no-restricted-imports': restrict(OTHER_FEATURE_2, FEATURES) } },
  { files: ['web/src/{components,lib}/**/*.{ts,tsx}'], rules: { '@typescript-eslint/no-restricted-imports': restrict(FEATURES) } },
  {
    // Web data has one shape: each call lives in an api module (*.api.ts: the fetcher, its
    // queryOptions with the key from the module's key factory, and the hook); a component calls the
    // hook or uses the options, and never builds a key or calls the API itself.
    files: ['web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'][value.type='ArrayExpression']",
          message: 'Take the query key from the key factory of the api module (walletKeys.history(page)), not a literal array.',
        },
        {
          selector: "Property[key.name='queryFn']",
          message: 'Use the query options or the hook of the api module (useBalance(), balanceQuery()), not a query written in the component.',
        },
        {
          selector: 'ImportDeclaration[source.value=/lib.api$/] > ImportSpecifier[imported.name=/^(api|apiAnswer|apiData)$/]',
          message: 'Components do not call the API: put the call in the feature’s api module (*.api.ts) and use its hook.',
        },
        {
          selector: 'CallExpression[callee.name=/^(api|apiAnswer|apiData)$/]',
          message: 'Components do not call the API: put the call in the feature’s api module (*.api.ts) and use its hook.',
        },
      ],
    },
  },
);
