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
    bannedExternalImports: [
      'antd',
      'antd/*',
      '@ant-design/*',
      'express',
      'drizzle-orm',
      'drizzle-orm/*',
      '@electric-sql/*',
      'pg',
    ],
  },
];

/**
 * The server's layers, lowest first: a folder imports its own layer and the layers below it, nothing above
 * (the process roles, the top level of src/, import anything). A folder of the server in no layer is refused
 * to every layer until it is given one here.
 */
const SERVER_LAYERS = [
  ['core', 'config'],
  ['store'],
  ['auth', 'mail', 'seed'],
  ['fleet'],
  ['read-models'],
  ['services'],
  ['jobs'],
  ['live'],
  ['scenarios', 'cli'],
  ['http'],
];

function serverLayerZones() {
  const src = './apps/fleet-sim/src';
  const zones = SERVER_LAYERS.flatMap((layer, i) => {
    const allowed = SERVER_LAYERS.slice(0, i + 1).flat();
    return layer.map((folder) => ({
      target: `${src}/${folder}`,
      from: src,
      except: allowed.map((name) => `./${name}`),
      message: `src/${folder} imports only its own layer and those below it (${allowed.join(', ')}): a layer that must reach upwards declares an interface that the upper layer implements.`,
    }));
  });
  // The simulator emulates units: it does not know the demo world's seed (a layer below it for the services).
  zones.push({
    target: `${src}/fleet`,
    from: `${src}/seed`,
    message: 'The simulator does not depend on the seed: move what is shared to src/core.',
  });
  return zones;
}

export default [
  {
    ignores: [
      '**/dist',
      '**/node_modules',
      '**/tmp',
      '**/.nx',
      '**/coverage',
      '**/*.cjs',
      '**/migrations/**',
    ],
  },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints,
          checkDynamicDependenciesExceptions: [],
        },
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
    settings: {
      'import/resolver': { node: { extensions: ['.ts'] } },
      // no-cycle parses the files an import leads to: TypeScript's parser reads them.
      'import/parsers': { '@typescript-eslint/parser': ['.ts'] },
      // ... and never the packages' own files (a cycle inside a package is not ours).
      'import/ignore': ['node_modules'],
    },
    rules: {
      // No import cycle anywhere in the server, between folders or inside one.
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The server's layers import only downwards (apps/fleet-sim/src/README.md). Tests and their helpers may
    // reach any layer: they start the whole server.
    files: ['apps/fleet-sim/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/fleet-sim/src/test/**', 'apps/fleet-sim/src/reliability/**'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts'] } } },
    rules: {
      'import/no-restricted-paths': ['error', { zones: serverLayerZones() }],
    },
  },
  prettier,
];
