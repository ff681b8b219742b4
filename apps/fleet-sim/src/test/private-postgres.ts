import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = '/usr/lib/postgresql/15/bin';

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A PostgreSQL server of a test's own (initdb in a temporary folder, a free port, run as the postgres user), which
 * the test may stop and restart at will: the machine's shared server is never touched.
 */
export class PrivatePostgres {
  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  static async create(): Promise<PrivatePostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'private-pg-'));
    chmodSync(dir, 0o777);
    const pg = new PrivatePostgres(dir, await freePort());
    pg.asPostgres(`${BIN}/initdb`, ['-D', pg.data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    pg.start();
    return pg;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private get data(): string {
    return join(this.dir, 'data');
  }

  private asPostgres(command: string, args: string[]): void {
    execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe', timeout: 60_000 });
  }

  private ctl(...args: string[]): void {
    this.asPostgres(`${BIN}/pg_ctl`, ['-D', this.data, '-l', join(this.dir, 'log'), '-w', ...args]);
  }

  start(): void {
    this.ctl('-o', `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start');
  }

  /** A fast stop: every connection is ended (57P01), as a restart or a maintenance does. */
  stop(): void {
    this.ctl('-m', 'fast', 'stop');
  }

  restart(): void {
    this.ctl(
      '-m',
      'fast',
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'restart',
    );
  }

  destroy(): void {
    try {
      this.stop();
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
