import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's metrics, served as Prometheus text at GET /metrics (docs/operations.md lists them). Every layer
 * imports the named metrics below and counts what it does; a value only the running process knows (its pool, its
 * sockets, its units) is read at scrape time through {@link watch}. One registry a process: several servers in one
 * process (tests) add up in it.
 */
export const metricsRegistry = new Registry();

let defaultsOn = false;

/** Adds prom-client's process metrics (CPU, memory, event loop lag, handles, GC); once a process. */
export function collectProcessMetrics(role: string): void {
  if (defaultsOn) return;
  defaultsOn = true;
  metricsRegistry.setDefaultLabels({ role });
  collectDefaultMetrics({ register: metricsRegistry });
}

type Labels<L extends string> = Partial<Record<L, string | number>>;
type Reading<L extends string> = { labels?: Labels<L>; value: number };

/**
 * A gauge read at scrape time from whoever registered a reader (the store's pool, the live hub, the simulator);
 * `watch` answers the function that removes the reader (a server that closes).
 */
class WatchedGauge<L extends string> {
  private readonly readers = new Set<() => Reading<L>[]>();
  readonly gauge: Gauge<L>;

  constructor(name: string, help: string, labelNames: readonly L[] = []) {
    const readers = this.readers;
    this.gauge = new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [metricsRegistry],
      collect() {
        this.reset();
        for (const read of readers) {
          for (const { labels, value } of read()) {
            if (labels) this.inc(labels as Partial<Record<L, string | number>>, value);
            else this.inc(value);
          }
        }
      },
    });
  }

  watch(read: () => Reading<L>[]): () => void {
    this.readers.add(read);
    return () => void this.readers.delete(read);
  }
}

const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
  new Counter<L>({ name, help, labelNames, registers: [metricsRegistry] });
const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
  new Gauge<L>({ name, help, labelNames, registers: [metricsRegistry] });

/** The named metrics of every process (names are the contract with dashboards and alerts: keep them). */
export const metrics = {
  // HTTP
  httpRequestDuration: new Histogram<'method' | 'route' | 'status'>({
    name: 'fleet_http_request_duration_seconds',
    help: 'HTTP requests by method, route (the call path, not the URL) and status, in seconds',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metricsRegistry],
  }),
  // Live channel
  liveConnections: new WatchedGauge('fleet_live_connections', 'Live sockets open on this process'),
  liveEventsSent: counter(
    'fleet_live_events_sent_total',
    'Live events sent by this process, by event (one per emit, whatever the number of sockets)',
    ['event'],
  ),
  // Store
  storePoolConnections: new WatchedGauge<'state'>(
    'fleet_store_pool_connections',
    'Store connections of this process by state (total, idle, waiting requests)',
    ['state'],
  ),
  storeUp: new WatchedGauge(
    'fleet_store_up',
    '1 while the store answers this process, 0 while it cannot be reached',
  ),
  storeErrors: counter(
    'fleet_store_errors_total',
    'Store errors by kind (unavailable: the store cannot be reached; full: no space left; idle: an idle connection dropped)',
    ['kind'],
  ),
  storeReconnects: counter(
    'fleet_store_reconnects_total',
    'Times this process found the store again after it could not reach it',
  ),
  // Redis
  redisUp: new WatchedGauge(
    'fleet_redis_up',
    '1 while this process is connected to Redis (absent without REDIS_URL)',
  ),
  redisReconnects: counter(
    'fleet_redis_reconnects_total',
    'Times this process connected to Redis again after losing it',
  ),
  // Simulator
  writeBehindQueue: new WatchedGauge(
    'fleet_write_behind_queue',
    'Units whose reported state changed and is not written to the store yet',
  ),
  writeBehindLag: new WatchedGauge(
    'fleet_write_behind_lag_seconds',
    'Seconds since the write-behind last wrote everything it had (0 when nothing waits)',
  ),
  writeBehindRows: counter('fleet_write_behind_rows_total', 'Unit rows written by the write-behind'),
  writeBehindFailures: counter(
    'fleet_write_behind_failures_total',
    'Write-behind statements that failed (their units are written again at the next flush)',
  ),
  shardsHeld: new WatchedGauge<'worker'>(
    'fleet_shards_held',
    'Shards of the fleet this simulator holds a lease on',
    ['worker'],
  ),
  unitsSimulated: new WatchedGauge('fleet_units_simulated', 'Units this process simulates'),
  // Leases and jobs
  leasesHeld: new WatchedGauge<'lease'>(
    'fleet_job_leases_held',
    'Job leases this process holds now (1 per lease)',
    ['lease'],
  ),
  fencedWrites: counter(
    'fleet_fenced_writes_total',
    'Writes refused because the writer no longer held its lease (a frozen or late holder)',
    ['lease'],
  ),
  rolloutsRunning: gauge(
    'fleet_rollouts_running',
    'Rollouts in state running, as the driver last saw them (0 on processes that do not drive)',
  ),
  bulkActionsRunning: gauge('fleet_bulk_actions_running', 'Bulk actions this process is working through now'),
  // Alerts (counted by the evaluator and the notifier)
  alertEvaluationsRunning: gauge(
    'fleet_alert_evaluations_running',
    'Alert evaluation passes under way on this process (0 or 1)',
  ),
  alertEvaluations: counter(
    'fleet_alert_evaluations_total',
    'Alert evaluation passes by outcome (ok, failed)',
    ['outcome'],
  ),
  alertEvaluationDuration: new Histogram({
    name: 'fleet_alert_evaluation_duration_seconds',
    help: 'Duration of one alert evaluation pass, in seconds',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metricsRegistry],
  }),
  alertWriteDuration: new Histogram({
    name: 'fleet_alert_write_duration_seconds',
    help: "Duration of one of the alert evaluator's write transactions, in seconds",
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metricsRegistry],
  }),
  alertWriteRows: counter(
    'fleet_alert_write_rows_total',
    "Alerts created or changed by the evaluator's writes",
  ),
  alertWritesWaiting: gauge(
    'fleet_alert_writes_waiting',
    "The alert evaluator's decisions not written yet (pending alerts wait while firings are written)",
  ),
  alertTransitions: counter('fleet_alert_transitions_total', 'Alert state changes by the state entered', [
    'state',
  ]),
  alertMessages: counter(
    'fleet_alert_messages_total',
    'Grouped alert messages made, by outbox event (firing, resolved, acknowledged, reminder, escalation)',
    ['event'],
  ),
  webhookDeliveries: counter(
    'fleet_webhook_deliveries_total',
    'Notification deliveries by channel and outcome (delivered, failed, retrying, gave_up)',
    ['channel', 'outcome'],
  ),
  // Fleet history
  rollupPasses: counter(
    'fleet_rollup_passes_total',
    "The fleet history job's passes in this process, by outcome (ok, failed)",
    ['outcome'],
  ),
  rollupCpu: counter(
    'fleet_rollup_cpu_seconds_total',
    "CPU time (user and system) of this process while the fleet history job's passes ran, in seconds (an upper bound: work interleaved with a pass's waits counts too)",
  ),
  // Process
  unhandledRejections: counter(
    'fleet_unhandled_rejections_total',
    'Promise rejections nothing handled (logged; the process goes on)',
  ),
};

/** The scrape's body and its content type. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}
