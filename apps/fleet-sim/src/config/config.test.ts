import { ConfigError, loadConfig } from './config';

const STORES = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
  REDIS_URL: 'redis://127.0.0.1:6379',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, '/tmp');
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('process roles in the configuration', () => {
  it('when no role is named, then the one process runs the API, the simulator and the background jobs', () => {
    const config = loadConfig({}, '/tmp');
    expect(config).toMatchObject({ FLEET_ROLE: 'all', SIM_ENGINE: true, FLEET_JOBS: 'all' });
  });

  it('when FLEET_ROLE=api is named without FLEET_JOBS, then it runs the background jobs, as before a jobs role existed', () => {
    expect(loadConfig({ ...STORES, FLEET_ROLE: 'api' }, '/tmp')).toMatchObject({
      FLEET_ROLE: 'api',
      SIM_ENGINE: false,
      FLEET_JOBS: 'all',
    });
  });

  it('when FLEET_ROLE=jobs is named, then it simulates no unit and lowers its priority by JOBS_NICE (5 unless set)', () => {
    expect(loadConfig({ ...STORES, FLEET_ROLE: 'jobs' }, '/tmp')).toMatchObject({
      FLEET_ROLE: 'jobs',
      SIM_ENGINE: false,
      JOBS_NICE: 5,
    });
    expect(loadConfig({ ...STORES, FLEET_ROLE: 'jobs', JOBS_NICE: '0' }, '/tmp').JOBS_NICE).toBe(0);
  });

  it('when FLEET_ROLE=jobs lacks the shared stores, then both are named', () => {
    expect(problemsOf({ FLEET_ROLE: 'jobs' })).toEqual([
      expect.stringContaining('FLEET_ROLE=jobs needs DATABASE_URL'),
      expect.stringContaining('FLEET_ROLE=jobs needs REDIS_URL'),
    ]);
  });

  it('when FLEET_JOBS=none is given to a role other than api, then it is refused: nobody would run the jobs', () => {
    expect(loadConfig({ ...STORES, FLEET_ROLE: 'api', FLEET_JOBS: 'none' }, '/tmp').FLEET_JOBS).toBe('none');
    for (const role of ['all', 'sim', 'jobs'])
      expect(problemsOf({ ...STORES, FLEET_ROLE: role, FLEET_JOBS: 'none' })).toEqual([
        expect.stringContaining(`FLEET_JOBS=none is for API processes`),
      ]);
    expect(problemsOf({ FLEET_JOBS: 'some' })).toEqual([expect.stringContaining('FLEET_JOBS')]);
  });
});
