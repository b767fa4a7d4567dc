// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';

const services = ['command-api', 'projector', 'read-api'];

/** Services import contracts, eventstore and the shared platform/messaging packages, never each other. */
const serviceBoundaries = services.map((service) => ({
  files: [`${service}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [
              ...services.filter((other) => other !== service).map((other) => `@hostel/${other}`),
              '@hostel/embedded',
              '@hostel/ops',
              '@hostel/web',
              '../../*/src/**',
            ],
            message: 'Services talk through events and HTTP, not imports: share code through contracts, eventstore, platform or messaging.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.types/**', '**/.data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Migrations are written against Kysely<any>: frozen in time, independent of today's types.
    files: ['**/migrations.ts', 'read-models/src/*/*-migrations.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // No import cycles, within a package or across them: each room is entered one way.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['*/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: false }] },
  },
  ...serviceBoundaries,
  {
    // A read model owns its tables, projection and queries: the projector and the read-api use it,
    // never the other way round, and it knows no transport (its queries serve HTTP and the audit alike).
    files: ['read-models/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@hostel/command-api',
                '@hostel/projector',
                '@hostel/read-api',
                '@hostel/embedded',
                '@hostel/ops',
                '@hostel/web',
                '@hostel/messaging',
                '@hostel/messaging/*',
                '@hostel/platform/http',
                '@hostel/platform/tokens',
                '@hostel/platform/event-store',
                'fastify',
                'fastify-*',
                '@fastify/*',
                'socket.io',
              ],
              message: 'Read models import contracts, eventstore types and platform/db only; services import them.',
            },
          ],
        },
      ],
    },
  },
  {
    // The domain knows no transport, server or database: a decider's test loads none of them.
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@hostel/platform',
                '@hostel/platform/*',
                '@hostel/command-api',
                '@hostel/projector',
                '@hostel/read-api',
                '@hostel/read-models',
                '@hostel/messaging',
                '@hostel/messaging/*',
                '@hostel/embedded',
                '@hostel/ops',
                '@hostel/web',
                'fastify',
                'fastify-*',
                '@fastify/*',
                'kysely',
                'pg',
                'ioredis',
                'socket.io',
              ],
              message: 'The domain is transport-free: errors are DomainError kinds, mapped to HTTP in platform; I/O stays in the services.',
            },
          ],
        },
      ],
    },
  },
  {
    // Text a client sends is checked once, in contracts (text(), longText(), queryNumber(), paging()): a raw
    // z.string() in a route let NUL and lone surrogates through to PostgreSQL, z.coerce took null and true for numbers.
    files: ['command-api/src/**/routes.ts', 'read-api/src/**/routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
          message: 'Use text() or longText() from @hostel/contracts (or a schema there) for client text.',
        },
        {
          selector: "MemberExpression[object.name='z'][property.name='coerce']",
          message: 'Use queryNumber(), queryInteger() or paging() from @hostel/contracts: z.coerce takes null, true and empty strings.',
        },
      ],
    },
  },
  {
    files: ['contracts/**/*.ts', 'eventstore/**/*.ts', 'platform/**/*.ts', 'messaging/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@hostel/command-api', '@hostel/projector', '@hostel/read-api', '@hostel/embedded', '@hostel/ops', '@hostel/web'],
              message: 'Shared packages must not depend on a service.',
            },
          ],
        },
      ],
    },
  },
  {
    // The launcher is entered from the operator's tools and the HTTP tests, never the other way.
    files: ['embedded/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@hostel/ops', '@hostel/ops/*', '@hostel/api-tests'],
              message: 'embedded/ is the launcher: the operator’s tools (ops/) and the HTTP tests (api-tests/) import it, not the other way round.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // React's rules of hooks and the React Compiler's checks (purity, refs, effects), and JSX's accessibility.
    files: ['web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  { files: ['web/src/**/*.tsx'], ...jsxA11y.configs.recommended },
  {
    // bulletproof-react: no imports across features; imports flow shared → features → app.
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '**/features/*'],
              message: 'Features do not import each other: move shared code to components/ or lib/, or compose in app/.',
            },
            { group: ['@/app/*', '**/app/*'], message: 'Features do not import the app layer.' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}', 'web/src/config/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/features/*', '@/app/*', '**/features/*', '**/app/*'], message: 'Shared code does not import features or the app.' }] },
      ],
    },
  },
);
