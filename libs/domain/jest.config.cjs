const preset = require('../../jest.preset.cjs');

module.exports = {
  displayName: 'domain',
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': preset.swcTransform() },
  moduleNameMapper: preset.moduleNameMapper,
  testMatch: preset.testMatch,
  moduleFileExtensions: preset.moduleFileExtensions,
};
