// `npm run fleet-sim -- <command>`: the simulator's command line (seed, scenario apply ...), built first.
import { buildOrExit, startBuiltServer } from './built-product.mjs';

buildOrExit(['run', 'fleet-sim:build'], ['ignore', 'ignore', 'inherit']);
const cli = startBuiltServer(process.argv.slice(2));
cli.on('exit', (code) => process.exit(code ?? 1));
