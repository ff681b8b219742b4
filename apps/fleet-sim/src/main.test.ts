import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';

const MAIN = resolve(__dirname, '../../../dist/apps/fleet-sim/main.cjs');
const RECORD_PACKAGES = resolve(__dirname, 'test/record-packages.cjs');
const PASSWORD = 'main-test-password';

function start(
  dataDir: string,
  nodeArgs: string[] = [],
): Promise<{ child: ChildProcess; url: string; exited: Promise<number | null>; output: () => string }> {
  const child = spawn(process.execPath, [...nodeArgs, MAIN], {
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_PASSWORD: PASSWORD,
      FLEET_SIZE: '60',
      SIM_SPEED: '50',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return new Promise((ok, fail) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /serving at (http:\/\/localhost:\d+)/.exec(out);
      if (m?.[1]) ok({ child, url: m[1], exited, output: () => out });
    });
    child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
    void exited.then((code) => fail(new Error(`exited ${code}: ${out}`)));
  });
}

/** The server as `npm start` runs it: a real process, stopped with SIGTERM, started again on the same folder. */
describe('fleet-sim process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-sim-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('when SIGTERM arrives, then it finishes, writes everything, releases the folder, and a restart finds it all', async () => {
    if (!existsSync(MAIN))
      throw new Error(`${MAIN} is missing: build fleet-sim first (npx nx run fleet-sim:build).`);
    const first = await start(dataDir);
    const login = async (url: string, username = 'admin', password = PASSWORD) =>
      (
        await request(url)
          .post('/auth/token/v1')
          .type('form')
          .send({ grant_type: 'password', username, password, client_id: 'equipment-dashboard' })
      ).body.access_token as string;
    const admin = await login(first.url);
    const auth = { Authorization: `Bearer ${admin}` };
    expect(
      (
        await request(first.url).post('/create/user/v1/').set(auth).send({
          username: 'kept',
          password: 'kept-password-123',
          email: 'k@example.com',
          role: 'support',
          active: true,
        })
      ).status,
    ).toBe(200);
    const list = await request(first.url)
      .get('/read/aligners/v1/')
      .query({ filterFamily: 'aligner', filterSoftwareVersion: '5.' })
      .set(auth);
    const serial = list.body.docs[0].serialNumber as string;
    await request(first.url)
      .post('/sim/scenario/apply')
      .set(auth)
      .send({
        scenario: {
          name: 'one',
          units: [
            {
              select: { serials: [serial] },
              set: { connected: true, logLevel: 'INFO', alignmentCount: 4242 },
            },
          ],
        },
      });
    expect(existsSync(join(dataDir, 'fleet-sim.lock'))).toBe(true);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, 'fleet-sim.lock'))).toBe(false);

    const second = await start(dataDir);
    try {
      expect(await login(second.url, 'kept', 'kept-password-123')).toEqual(expect.any(String));
      const admin2 = await login(second.url);
      const unit = await request(second.url)
        .get('/read/aligner/v1/')
        .query({ serialNumber: serial, username: 'admin' })
        .set({ Authorization: `Bearer ${admin2}` });
      expect(unit.body.logLevel).toBe('INFO');
      expect(unit.body.alignmentCount).toBeGreaterThanOrEqual(4242);
      // The demo credentials were given by DEMO_PASSWORD, so none were written.
      expect(existsSync(join(dataDir, 'demo-credentials.txt'))).toBe(false);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  });

  it('when a second process opens the same folder, then it stops at once with the reason', async () => {
    const first = await start(dataDir);
    try {
      const second = spawn(process.execPath, [MAIN], {
        env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
      });
      let err = '';
      second.stderr?.on('data', (c: Buffer) => (err += c.toString()));
      const code = await new Promise((r) => second.once('exit', r));
      expect(code).toBe(1);
      expect(err).toContain('in use by another fleet-sim process');
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
    expect(readFileSync(join(dataDir, 'pgdata', 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+/);
  });

  it('when it starts and answers, then it has loaded neither React nor RTK Query (the server loads the contract, not the client)', async () => {
    const server = await start(dataDir, ['--require', RECORD_PACKAGES]);
    // The packages are printed at exit: read the output once its pipes have closed.
    const closed = new Promise((r) => server.child.once('close', r));
    try {
      const token = await request(server.url).post('/auth/token/v1').type('form').send({
        grant_type: 'password',
        username: 'admin',
        password: PASSWORD,
        client_id: 'equipment-dashboard',
      });
      expect(
        (
          await request(server.url)
            .get('/read/aligners/v1/')
            .set({ Authorization: `Bearer ${token.body.access_token}` })
        ).status,
      ).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      await closed;
    }
    const loaded = [...server.output().matchAll(/^loaded-package (\S+)$/gm)].map((m) => m[1]);
    // The recorder works: the server's own packages are there.
    expect(loaded).toEqual(expect.arrayContaining(['express', 'zod', 'socket.io']));
    expect(
      loaded.filter((name) => /^(react|react-dom|react-redux|redux|@reduxjs\/.*)$/.test(name ?? '')),
    ).toEqual([]);
  });
});
