import nx from '@nx/eslint-plugin';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';

/**
 * Two axes of tags, both enforced:
 *   type:  domain <- contract <- api-client <- app; the server (scope:fleet-sim) never loads the client;
 *          e2e may read the contract; nothing depends on an app.
 *   scope: shared <- console | fleet-sim; the two apps never import each other. The client is scope:console.
 */
const depConstraints = [
  { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:domain'] },
  { sourceTag: 'type:contract', onlyDependOnLibsWithTags: ['type:domain'] },
  { sourceTag: 'type:api-client', onlyDependOnLibsWithTags: ['type:contract', 'type:domain'] },
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:api-client', 'type:contract', 'type:domain'] },
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:contract', 'type:domain'] },
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:console', onlyDependOnLibsWithTags: ['scope:shared', 'scope:console'] },
  { sourceTag: 'scope:fleet-sim', onlyDependOnLibsWithTags: ['scope:shared', 'scope:fleet-sim'] },
  { sourceTag: 'scope:fleet-sim', notDependOnLibsWithTags: ['type:api-client'] },
  {
    sourceTag: 'type:domain',
    bannedExternalImports: [
      'react',
      'react-*',
      'react/*',
      'antd',
      'antd/*',
      '@ant-design/*',
      'express',
      'socket.io',
      'socket.io-*',
      'drizzle-orm',
      'drizzle-orm/*',
      '@electric-sql/*',
      'pg',
      'node:*',
      'fs',
      'path',
    ],
  },
  // The contract is loaded by the server and by the browser: zod and libs/domain, nothing else.
  { sourceTag: 'type:contract', allowedExternalImports: ['zod'] },
  {
    sourceTag: 'type:api-client',
    bannedExternalImports: ['antd', 'antd/*', '@ant-design/*', 'express', 'drizzle-orm', 'drizzle-orm/*', '@electric-sql/*', 'pg'],
  },
];

export default [
  {
    ignores: ['**/dist', '**/node_modules', '**/tmp', '**/.nx', '**/coverage', '**/*.cjs', '**/migrations/**'],
  },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        { enforceBuildableLibDependency: false, allow: [], depConstraints, checkDynamicDependenciesExceptions: [] },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-expect-error': 'allow-with-description' }],
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/console/**/*.ts', 'apps/console/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx'] } } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The console's boundaries (a feature does not import another feature, src/shared imports neither a
      // feature nor src/app) are in apps/console/eslint.config.mjs, which its lint target uses: they need
      // one zone per feature, read from the folder.
    },
  },
  {
    files: ['apps/fleet-sim/**/*.ts'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts'] } } },
    rules: {
      // The server's layers (docs/decisions.md "Server layers"): only http/ knows HTTP, the simulator knows
      // neither the seed nor the services, and core/ (typed errors, randomness, shared types) knows none of them.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...['store', 'fleet', 'services', 'core'].map((layer) => ({
              target: `./apps/fleet-sim/src/${layer}`,
              from: './apps/fleet-sim/src/http',
              message: 'Only the route layer knows HTTP: move what is shared to src/core.',
            })),
            ...['seed', 'services'].map((layer) => ({
              target: './apps/fleet-sim/src/fleet',
              from: `./apps/fleet-sim/src/${layer}`,
              message: 'The simulator does not depend on the seed or the services: move what is shared to src/core.',
            })),
            {
              target: './apps/fleet-sim/src/core',
              from: './apps/fleet-sim/src',
              except: ['./core'],
              message: 'src/core is the bottom layer: it imports nothing else of the server.',
            },
          ],
        },
      ],
    },
  },
  prettier,
];
