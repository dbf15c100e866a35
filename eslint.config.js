// One lint setup for the whole repo (STYLE.md: lint, format, boundaries).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import checkFile from 'eslint-plugin-check-file';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * A server domain reaching into a sibling instead of going through platform/: one zone per
 * feature folder, so any depth inside a feature may import the rest of it.
 */
const SIBLING_FEATURE_MESSAGE =
  'Server domains do not import each other but through <domain>.api.ts; move the shared part to platform/.';
function siblingFeatureZones(featuresDir, shared = []) {
  return readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({
      target: `./${featuresDir}/${entry.name}`,
      from: `./${featuresDir}`,
      except: [`./${entry.name}`, ...shared],
      message: SIBLING_FEATURE_MESSAGE,
    }));
}

/**
 * What a web feature may import from the others (issue: pages compose, features do not stack).
 * Screens that gather several features live in app/pages/; a feature imports ui/, lib/,
 * shared/, auth's api/ (the current user), icd10 (the diagnosis code picker, a leaf) and nothing
 * else of the others, but for the few edges named here, each a leaf or one floor above one.
 */
const WEB_FEATURE_SHARED = ['./auth/api', './icd10'];
const WEB_FEATURE_EDGES = {
  // The clinic code is checked where someone signs up with it.
  auth: ['./clinics/api'],
  'patient-signup': ['./clinics/api'],
  // The program's exercise picker browses the library (its api and video widgets).
  hep: ['./library/api', './library/components', './templates/api'],
  // A template's exercises are picked from the library, as a program's are.
  templates: ['./library/api', './library/components'],
  // The therapist pickers of the roster list the staff (one fetcher, staff/api/get-staff.ts).
  patients: ['./staff/api/get-staff.ts'],
  // The chat modal stops monitoring when the phone's chat goes idle.
  chat: ['./monitoring/components/use-mobile-chat-idle.ts'],
};
function webFeatureZones(featuresDir) {
  return readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({
      target: `./${featuresDir}/${entry.name}`,
      from: `./${featuresDir}`,
      except: [
        ...new Set([
          `./${entry.name}`,
          ...WEB_FEATURE_SHARED,
          ...(WEB_FEATURE_EDGES[entry.name] ?? []),
        ]),
      ],
      message:
        'A web feature imports ui/, lib/, shared/, auth/api and icd10 only (eslint.config.js WEB_FEATURE_EDGES names the few other edges); a screen that gathers several features goes in app/pages/.',
    }));
}

/** Each server domain's <domain>.api.ts: the one file other domains may import. */
function domainApis(featuresDir) {
  return readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `./${entry.name}/${entry.name}.api.ts`);
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/data/**',
      'apps/server/drizzle/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/*.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['scripts/**/*.mjs', 'apps/*/scripts/**/*.mjs', 'bench/**/*.mjs', 'e2e/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    // The sample clinic page and browser extension (docs/extension-protocol.md): plain files,
    // no build step, run as written.
    files: ['examples/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['examples/**/*.js'],
    languageOptions: {
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.webextensions, ...globals.serviceworker },
    },
  },
  {
    // The patient app's service worker, served as written.
    files: ['apps/web/public/app/sw.js'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      // Cycles are ours to find; parsing bundled dependencies only costs time (and overflows on PGlite).
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      curly: 'error',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/server/src/platform',
              from: './apps/server/src/features',
              message: 'platform/ serves features, never the reverse.',
            },
            {
              target: './apps/web/src/ui',
              from: './apps/web/src/features',
              message: 'Shared widgets know nothing of features.',
            },
            {
              target: './apps/web/src/lib',
              from: './apps/web/src/features',
              message: 'lib/ knows nothing of features.',
            },
            {
              target: ['./apps/web/src/ui', './apps/web/src/lib'],
              from: './apps/web/src/shared',
              message: 'ui/ and lib/ sit below shared/: they know nothing of what the apps share.',
            },
            {
              // What both apps share (the chat, the session's calls): they may import it, it
              // imports neither.
              target: './apps/web/src/shared',
              from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/patient-app'],
              message: 'shared/ serves the staff app and the patient app; it imports neither.',
            },
            {
              target: './apps/web/src/patient-app',
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: "The patient app loads none of the staff app's code (its own bundle).",
            },
            {
              target: './apps/web',
              from: './apps/server',
              message: 'The web app talks to the server over HTTP only.',
            },
            {
              target: './apps/server',
              from: './apps/web',
              message: 'The server never imports the web app.',
            },
            // A server domain reaches another only through its <domain>.api.ts (issue 8).
            ...siblingFeatureZones(
              'apps/server/src/features',
              domainApis('apps/server/src/features'),
            ),
            ...webFeatureZones('apps/web/src/features'),
          ],
        },
      ],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    // Its tests run under vitest like the rest; what ships is the module, not the test.
    ignores: ['packages/contract/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // libphonenumber-js: phone numbers are checked against numbering plans (decisions/010).
              regex: '^(?!zod$|libphonenumber-js/min$|\\.)',
              message: 'The contract imports only zod, and libphonenumber-js/min (decisions/010).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/features/**', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'features/[^/]+/(?![^/]*\\.(api|routes)$)',
              message:
                'Outside a domain, import it through its <domain>.api.ts (app.ts: its routes) only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/server/src/cli/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
