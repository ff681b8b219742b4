import request from 'supertest';
import type { Config } from '../config/config';
import type { Database } from '../store/database';
import { serveOperator } from './process';

describe('the operator server of a process that serves no API', () => {
  it('when it is asked for health and readiness and then closed, then it answers them and closes its steps in order, the store last', async () => {
    const steps: string[] = [];
    const database = {
      ready: async () => ({ ready: true }),
      close: async () => void steps.push('store closed'),
    } as unknown as Database;
    const served = await serveOperator(
      { PORT: 0, HOST: '127.0.0.1' } as Config,
      { name: 'test', database, health: () => ({ role: 'test' }) },
      async (step) => {
        step('own step');
        steps.push('own step ran');
      },
    );

    const health = await request(served.url).get('/healthz');
    const ready = await request(served.url).get('/readyz');
    const other = await request(served.url).get('/read/alerts/v1/');
    await served.close();

    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok', role: 'test', memory: { rss: expect.any(Number) } });
    expect(ready.status).toBe(200);
    expect(other.status).toBe(404);
    expect(other.body.error).toContain('A test process serves only');
    expect(steps).toEqual(['own step ran', 'store closed']);
    expect(served.closingStep()).toBe('closed');
  });
});
