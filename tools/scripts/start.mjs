// `npm start`: build what is needed (Nx skips what is up to date) and start fleet-sim, which serves
// the console and the API on one origin.
import { buildOrExit, startBuiltServer } from './built-product.mjs';

buildOrExit(['run-many', '-t', 'build', '-p', 'console', 'fleet-sim']);
const server = startBuiltServer(process.argv.slice(2));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
