module.exports = require('../../jest.preset.cjs').libraryProject('contract', __dirname);
