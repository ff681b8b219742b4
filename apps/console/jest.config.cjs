const preset = require('../../jest.preset.cjs');

const ESM_ONLY = ['@ant-design/colors', 'lodash-es', 'd3-geo', 'd3-array', 'internmap'];

module.exports = {
  displayName: 'console',
  rootDir: __dirname,
  // jsdom plus Node's fetch classes, so that RTK Query runs its real base query against a stubbed fetch.
  testEnvironment: '<rootDir>/src/test/jsdom-with-fetch.cjs',
  transform: {
    // The build's helpers are tested with rolldown's own parser, which is only an ES module.
    '/build/[^/]+\\.test\\.ts$': preset.swcTransform({ keepDynamicImport: true }),
    '^.+\\.(ts|tsx)$': preset.swcTransform({ jsx: true }),
    '^.+\\.m?js$': preset.swcTransform(),
  },
  // Packages that ship only ES modules where jest loads CommonJS: compile them too.
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '\\.(css|less)$': '<rootDir>/src/test/style-stub.cjs',
    // jsdom has no canvas: charts render as a stub that shows the data they were given.
    '^@ant-design/charts$': '<rootDir>/src/test/charts-stub.tsx',
    '^@ant-design/icons$': '<rootDir>/src/test/icons-shim.cjs',
  },
  // Whole-app tests load lazy screens and type into antd inputs: slower than the 5 s default on 2 cores.
  testTimeout: 30_000,
  setupFilesAfterEnv: ['<rootDir>/src/test/setup-tests.ts'],
  // build/: the build's own helpers (vite.config.mts uses them).
  testMatch: [...preset.testMatch, '<rootDir>/build/**/*.test.ts'],
  moduleFileExtensions: preset.moduleFileExtensions,
};
