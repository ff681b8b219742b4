const preset = require('../../jest.preset.cjs');

/**
 * The server's suites run on the embedded store (PGlite in a temp folder) always, and once more on
 * PostgreSQL when DATABASE_URL is set (each test file in its own throw-away schema). Suites named
 * `*.redis.test.ts` need REDIS_URL (and a shared PostgreSQL) and are left out without them.
 */
module.exports = function fleetSimProject(store) {
  const leftOut = [];
  if (!process.env.REDIS_URL || !process.env.DATABASE_URL || store === 'postgres') leftOut.push('\\.redis\\.test\\.ts$');
  // The embedded store's own tests (locking, corrupt folders) are about PGlite only.
  if (store === 'postgres') leftOut.push('/store/database\\.test\\.ts$', '/src/main\\.test\\.ts$');
  return {
    displayName: store === 'postgres' ? 'fleet-sim (postgres)' : 'fleet-sim',
    rootDir: __dirname,
    testEnvironment: 'node',
    transform: { '^.+\\.ts$': preset.swcTransform() },
    moduleNameMapper: preset.moduleNameMapper,
    testMatch: preset.testMatch,
    testPathIgnorePatterns: ['/node_modules/', ...leftOut],
    moduleFileExtensions: preset.moduleFileExtensions,
    // Each test file boots a server on a fresh store.
    testTimeout: 60_000,
    globalSetup: '<rootDir>/src/test/global-setup.ts',
    setupFiles: [store === 'postgres' ? '<rootDir>/src/test/use-postgres.cjs' : '<rootDir>/src/test/use-pglite.cjs'],
  };
};
