// Preloaded (`node --require`) into the built server by main.test.ts: when the process exits, prints one
// `loaded-package <name>` line on stderr per npm package it required, so a test can tell what a start loads.
const Module = require('node:module');
const { writeSync } = require('node:fs');

const seen = new Set();
const load = Module._load;
Module._load = function recordPackage(request, ...rest) {
  const name = /^(?:@[^/]+\/[^/]+|[^./][^/:]*)(?=\/|$)/.exec(request)?.[0];
  if (name && !request.startsWith('node:')) seen.add(name);
  return load.call(this, request, ...rest);
};
process.on('exit', () => {
  for (const name of seen) writeSync(2, `loaded-package ${name}\n`);
});
