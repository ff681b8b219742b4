// `npx nx test fleet-sim`: the suites on the embedded store (see jest.project.cjs).
module.exports = require('./jest.project.cjs')('pglite');
