const preset = require('../../jest.preset.cjs');

/**
 * The server's suites by what they test:
 * - the store's own behaviour (repositories, migrations and seeding, the simulators' write-behind and leases,
 *   crashes and shutdown): on the embedded store (PGlite in a temp folder) always, and once more on PostgreSQL
 *   when DATABASE_URL is set (each test file in its own throw-away schema);
 * - everything above the store (HTTP calls, rules, live events, scenarios): in `npm test` once, on PostgreSQL
 *   when DATABASE_URL is set (five times faster to open than PGlite), else on PGlite. The SQL is the same on
 *   both (PGlite is PostgreSQL); the end-to-end suite drives the whole product on PGlite.
 * Suites named `*.redis.test.ts` need REDIS_URL (and a shared PostgreSQL) and are left out without them.
 * `split` (the root config with DATABASE_URL set) keeps only the store suites, and the Redis ones, on PGlite.
 */
const STORE_SUITES = ['/src/store/', '/src/seed/', '/src/fleet/engine\\.test\\.ts$', '/src/reliability/'];
// The embedded store's own tests (locking, corrupt folders) and the built server's start are about PGlite only; the
// fault suites start a PostgreSQL (and Redis) of their own to stop at will, whatever the project's store: once is enough.
const PGLITE_ONLY = [
  '/src/store/database\\.test\\.ts$',
  '/src/main\\.test\\.ts$',
  '/src/reliability/store-outage\\.test\\.ts$',
  '/src/reliability/chaos\\.test\\.ts$',
];

function testPathIgnorePatterns(store) {
  const hasPostgres = Boolean(process.env.DATABASE_URL);
  const leftOut = ['/node_modules/'];
  if (!process.env.REDIS_URL || !hasPostgres || store === 'postgres') leftOut.push('\\.redis\\.test\\.ts$');
  if (store === 'postgres') leftOut.push(...PGLITE_ONLY);
  return leftOut;
}

/** The suites a split PGlite run keeps (a look-ahead: a test file whose path has one of them). */
function storeSuitesRegex() {
  const kept = [...STORE_SUITES, ...PGLITE_ONLY, '\\.redis\\.test\\.ts$'].join('|');
  return `^(?=.*(${kept})).*\\.test\\.ts$`;
}

module.exports = function fleetSimProject(store, { split = false } = {}) {
  const regex = split && store === 'pglite' ? storeSuitesRegex() : undefined;
  return {
    displayName: store === 'postgres' ? 'fleet-sim (postgres)' : 'fleet-sim',
    rootDir: __dirname,
    testEnvironment: 'node',
    transform: { '^.+\\.ts$': preset.swcTransform() },
    moduleNameMapper: preset.moduleNameMapper,
    ...(regex ? { testRegex: regex } : { testMatch: preset.testMatch }),
    testPathIgnorePatterns: testPathIgnorePatterns(store),
    moduleFileExtensions: preset.moduleFileExtensions,
    // Each test file boots a server on a fresh store.
    testTimeout: 60_000,
    globalSetup: '<rootDir>/src/test/global-setup.ts',
    setupFiles: [
      store === 'postgres' ? '<rootDir>/src/test/use-postgres.cjs' : '<rootDir>/src/test/use-pglite.cjs',
    ],
  };
};
