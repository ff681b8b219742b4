/**
 * The process roles (FLEET_ROLE): `startServer` runs the API (HTTP, the live channel, the console, the background
 * jobs unless FLEET_JOBS=none; with FLEET_ROLE=all the simulator too), `startSimWorker` a simulator of a cluster,
 * `startJobsProcess` the background jobs of a cluster. Each role composes the layers in its own file under roles/.
 */
export { startServer, type RunningServer } from './roles/api';
export { startSimWorker, type RunningWorker } from './roles/sim';
export { startJobsProcess, type RunningJobs } from './roles/jobs';
export type { StartOptions } from './roles/process';
