import { useTestServer } from '../test/test-server';

/** A sample line of the Prometheus text format: name, optional labels, a value (and an optional timestamp). */
const SAMPLE =
  /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})? (-?(?:[0-9.]+(?:e[+-]?[0-9]+)?|NaN|\+Inf|-Inf))( -?\d+)?$/;
const COMMENT =
  /^# (HELP [a-zA-Z_:][a-zA-Z0-9_:]* .*|TYPE [a-zA-Z_:][a-zA-Z0-9_:]* (counter|gauge|histogram|summary|untyped))$/;

function parse(text: string): { name: string; labels: string; value: number }[] {
  const samples: { name: string; labels: string; value: number }[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      if (!COMMENT.test(line)) throw new Error(`not a Prometheus comment line: ${line}`);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    samples.push({ name: match[1] ?? '', labels: match[2] ?? '', value: Number(match[3]) });
  }
  return samples;
}

describe('GET /metrics and the probes', () => {
  const t = useTestServer({ users: ['admin'] });

  it('when a call was answered, then /metrics parses as the Prometheus text format and its request histogram holds the call by route and status', async () => {
    expect((await t.as('admin').get('/read/tickets/v1/?page=1')).status).toBe(200);
    const res = await t.http.get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parse(res.text);
    const call = samples.find(
      (s) =>
        s.name === 'fleet_http_request_duration_seconds_count' &&
        s.labels.includes('route="/read/tickets/v1"') &&
        s.labels.includes('status="200"'),
    );
    expect(call?.value).toBeGreaterThanOrEqual(1);
    expect(
      samples.some(
        (s) => s.name === 'fleet_http_request_duration_seconds_bucket' && s.labels.includes('le="+Inf"'),
      ),
    ).toBe(true);
    // prom-client's process metrics, and the store's pool or the simulator's write-behind as this process sees them.
    const names = new Set(samples.map((s) => s.name));
    for (const name of [
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'fleet_store_up',
      'fleet_write_behind_queue',
      'fleet_live_connections',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('when the store answers, then /readyz is 200 and /healthz stays the liveness check', async () => {
    expect((await t.http.get('/readyz')).body).toEqual({ status: 'ready' });
    expect((await t.http.get('/healthz')).body).toEqual({ status: 'ok' });
  });
});
