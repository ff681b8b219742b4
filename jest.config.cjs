// One jest run over every project (what `npm test` uses); each project also runs alone with
// `npx nx test <project>`. With DATABASE_URL set, the server's suites above the store run on PostgreSQL and
// its store suites on both stores (apps/fleet-sim/jest.project.cjs).
const fleetSimProject = require('./apps/fleet-sim/jest.project.cjs');

module.exports = {
  // A global option: project configs cannot set it. Server suites boot a server on a fresh store.
  testTimeout: 60_000,
  projects: [
    '<rootDir>/libs/domain',
    '<rootDir>/libs/contract',
    '<rootDir>/libs/api-client',
    fleetSimProject('pglite', { split: Boolean(process.env.DATABASE_URL) }),
    ...(process.env.DATABASE_URL ? [fleetSimProject('postgres')] : []),
    '<rootDir>/apps/console',
  ],
};
