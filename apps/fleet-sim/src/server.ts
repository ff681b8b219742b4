/**
 * The process roles (FLEET_ROLE): `startServer` runs the API (HTTP, the live channel, the console, the background
 * jobs; with FLEET_ROLE=all the simulator too), `startSimWorker` a simulator of a cluster. Each role composes the
 * layers in its own file under roles/.
 */
export { startServer, type RunningServer } from './roles/api';
export { startSimWorker, type RunningWorker } from './roles/sim';
export type { StartOptions } from './roles/process';
