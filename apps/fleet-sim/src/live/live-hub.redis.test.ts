import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { io as connect, type Socket } from 'socket.io-client';
import { TEST_PASSWORD } from '../test/test-server';

const MAIN = resolve(__dirname, '../../../../dist/apps/fleet-sim/main.cjs');
const databaseUrl = process.env['DATABASE_URL'] ?? '';
const redisUrl = process.env['REDIS_URL'] ?? '';

interface Child {
  process: ChildProcess;
  url: string;
  dataDir: string;
}

function startProcess(env: Record<string, string>): Promise<Child> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-sim-redis-'));
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolvePromise, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no URL printed within 60 s:\n${out}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /serving at (http:\/\/localhost:\d+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolvePromise({ process: child, url: match[1], dataDir });
      }
    });
    child.once('exit', (code) => reject(new Error(`fleet-sim exited with ${code}:\n${out}`)));
  });
}

/**
 * console-core §4 and the Redis adapter: two server processes share one PostgreSQL schema and one
 * Redis; what one process raises reaches a console connected to the other.
 */
describe('two server processes on one Redis', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const shared = {
    DATABASE_URL: databaseUrl,
    DATABASE_SCHEMA: schema,
    REDIS_URL: redisUrl,
    TOKEN_SECRET: randomBytes(32).toString('hex'),
    DEMO_PASSWORD: TEST_PASSWORD,
    FLEET_SIZE: '100',
  };
  let a: Child;
  let b: Child;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build fleet-sim first (npx nx run fleet-sim:build).`);
    [a, b] = await Promise.all([startProcess(shared), startProcess(shared)]);
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    for (const child of [a, b]) {
      if (!child) continue;
      child.process.kill('SIGTERM');
      await new Promise((r) => child.process.once('exit', r));
      rmSync(child.dataDir, { recursive: true, force: true });
    }
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });

  async function token(url: string, username: string): Promise<string> {
    const res = await request(url)
      .post('/auth/token/v1')
      .type('form')
      .send({ grant_type: 'password', username, password: TEST_PASSWORD, client_id: 'equipment-dashboard' });
    expect(res.status).toBe(200);
    return res.body.access_token as string;
  }

  it('when a role change is made on one process, then the user is disconnected from the other', async () => {
    const techToken = await token(a.url, 'tech');
    const socket = connect(`${b.url}/dashboard`, { transports: ['polling'], auth: { token: techToken }, reconnection: false, forceNew: true });
    sockets.push(socket);
    await new Promise<void>((ok, fail) => {
      socket.once('connect', () => ok());
      socket.once('connect_error', fail);
    });
    const disconnected = new Promise((r) => socket.once('disconnect', r));
    const admin = await token(a.url, 'admin');
    const res = await request(a.url).post('/update/user/v1/').set('Authorization', `Bearer ${admin}`).send({ username: 'tech', role: 'guest' });
    expect(res.status).toBe(200);
    await expect(disconnected).resolves.toBe('io server disconnect');
  });
});
