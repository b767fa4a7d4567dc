// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
            group: [...services.filter((other) => other !== service).map((other) => `@hostel/${other}`), '@hostel/embedded', '@hostel/web', '../../*/src/**'],
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
    files: ['**/migrations.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  ...serviceBoundaries,
  {
    files: ['contracts/**/*.ts', 'eventstore/**/*.ts', 'platform/**/*.ts', 'messaging/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@hostel/command-api', '@hostel/projector', '@hostel/read-api', '@hostel/embedded', '@hostel/web'], message: 'Shared packages must not depend on a service.' }] },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // bulletproof-react: no imports across features; imports flow shared → features → app.
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/features/*', '**/features/*'], message: 'Features do not import each other: move shared code to components/ or lib/, or compose in app/.' },
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
