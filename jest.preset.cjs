// Shared by every project's jest.config.cjs: TypeScript and TSX through SWC (fast on 2 cores),
// the workspace path aliases, and node_modules left untransformed unless a project says otherwise.
const path = require('node:path');

const root = __dirname;

/**
 * @param {{ jsx?: boolean, keepDynamicImport?: boolean }} [options] keepDynamicImport: `import()` stays
 *   an import (jest runs with --experimental-vm-modules), so a test can load a package that is only ESM.
 */
function swcTransform(options = {}) {
  return [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: Boolean(options.jsx), decorators: false },
        transform: options.jsx ? { react: { runtime: 'automatic' } } : undefined,
        target: 'es2022',
      },
      module: { type: 'commonjs', ignoreDynamic: Boolean(options.keepDynamicImport) },
      sourceMaps: 'inline',
    },
  ];
}

const moduleNameMapper = {
  '^@equipment-dashboard/domain$': path.join(root, 'libs/domain/src/index.ts'),
  '^@equipment-dashboard/contract$': path.join(root, 'libs/contract/src/index.ts'),
  '^@equipment-dashboard/contract/testing$': path.join(root, 'libs/contract/src/testing/examples.ts'),
  '^@equipment-dashboard/api-client$': path.join(root, 'libs/api-client/src/index.ts'),
};
const testMatch = ['<rootDir>/src/**/*.test.{ts,tsx}'];
const moduleFileExtensions = ['ts', 'tsx', 'js', 'cjs', 'mjs', 'json'];

/** The jest project of a library: TypeScript tests under `src/`, in Node. */
function libraryProject(displayName, dir) {
  return {
    displayName,
    rootDir: dir,
    testEnvironment: 'node',
    transform: { '^.+\\.ts$': swcTransform() },
    moduleNameMapper,
    testMatch,
    moduleFileExtensions,
  };
}

module.exports = {
  root,
  swcTransform,
  libraryProject,
  moduleNameMapper,
  testMatch,
  moduleFileExtensions,
};
