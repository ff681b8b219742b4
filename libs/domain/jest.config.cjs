module.exports = require('../../jest.preset.cjs').libraryProject('domain', __dirname);
