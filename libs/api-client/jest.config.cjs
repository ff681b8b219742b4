module.exports = require('../../jest.preset.cjs').libraryProject('api-client', __dirname);
