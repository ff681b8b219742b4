import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseOpenError } from './database-errors';

export interface DataDirLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock of its own and two processes writing one folder corrupt it, so the first
 * process takes `fleet-sim.lock` (created exclusively, holding its pid). A second process fails
 * fast; a lock left by a process that died is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = join(dataDir, 'fleet-sim.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseOpenError(
          `The data folder ${dataDir} is in use by another fleet-sim process (pid ${owner}). ` +
            'Stop that process, or give this one another DATA_DIR.',
        );
      }
      if (owner === process.pid) {
        throw new DatabaseOpenError(`The data folder ${dataDir} is already open in this process.`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new DatabaseOpenError(`Could not lock the data folder ${dataDir}.`);
}
