import { randomUUID } from 'node:crypto';
import {
  ALERT_EMAIL_DEFAULT_SEVERITIES,
  ALERT_GROUP_WINDOW_MS,
  deliveryRetryDelay,
  PERMISSIONS,
  rolesWith,
} from '@equipment-dashboard/domain';
import { metrics } from '../../core/metrics';
import { startRepeatingJob, type RepeatingJob } from '../../core/repeating-job';
import { alertGroupsSnapshot, groupCausesOf, messageSentence } from '../../services/alert-group-snapshot';
import { alertOf } from '../../services/alerts-service';
import type { ServiceDeps } from '../../services/service-deps';
import {
  dueDeliveries,
  findRule,
  insertDeliveries,
  optedInAddresses,
  recordAttempt,
  takeGroup,
  waitingGroups,
  type AttemptOutcome,
  type DueDelivery,
  type NewDelivery,
  type OutboxGroup,
} from '../../store/repos/alert-outbox-repo';
import { FencedOutError } from '../../store/repos/job-leases-repo';
import { JobLease } from '../job-lease';
import { alertMessage, isOutboxEvent, MESSAGE_ALERTS_MAX, WEBHOOK_EVENT_OF } from './alert-message';
import { postWebhook, RESPONSE_KEPT } from './webhook-post';

/** The lease one process notifies under. */
export const ALERT_NOTIFIER_LEASE = 'alert-notifier';

/** What the notifier did so far: for benchmarks, metrics and tests. */
export interface AlertNotifierStats {
  messages: number;
  deliveries: number;
  delivered: number;
  retried: number;
  failed: number;
}

export interface AlertNotifierOptions {
  /** A pass every this long (real ms). */
  everyMs?: number;
  /** A group waits this long after its first notification, so that alerts firing together make one message. */
  groupDelayMs?: number;
  /** Later notifications of a rule and event wait until this long after its previous message. */
  groupWindowMs?: number;
  /** The first retry's wait (real ms); each next one doubles. */
  retryBaseMs?: number;
  /** Deliveries attempted at once. */
  parallel?: number;
  holder?: string;
}

const DEFAULTS = {
  everyMs: 1_000,
  groupDelayMs: 5_000,
  groupWindowMs: ALERT_GROUP_WINDOW_MS,
  parallel: 8,
} as const;

/**
 * The alert notifier: one process (the holder of its lease) turns the outbox of alert notifications, written with
 * each change of state, into grouped messages — one per rule and event within a minute, with a delivery per webhook
 * and one e-mail delivery — and sends due deliveries at least once, each with the same delivery id on every retry,
 * with growing waits for 24 hours. Grouping a message and writing its deliveries is one fenced transaction.
 */
export class AlertNotifier {
  readonly stats: AlertNotifierStats = { messages: 0, deliveries: 0, delivered: 0, retried: 0, failed: 0 };
  private readonly lease: JobLease;
  private readonly options: Required<Omit<AlertNotifierOptions, 'holder'>>;
  /** When the last message of each rule and event went out (real ms), for the minute's batching. */
  private readonly lastMessage = new Map<string, number>();
  private job: RepeatingJob | null = null;

  constructor(
    private readonly deps: ServiceDeps,
    options: AlertNotifierOptions = {},
  ) {
    this.lease = new JobLease(deps.db, ALERT_NOTIFIER_LEASE, options.holder);
    this.options = {
      ...DEFAULTS,
      retryBaseMs: deps.config.ALERT_RETRY_BASE_SECONDS * 1000,
      ...Object.fromEntries(Object.entries(options).filter(([k, v]) => k !== 'holder' && v !== undefined)),
    } as Required<Omit<AlertNotifierOptions, 'holder'>>;
  }

  start(): this {
    this.job = startRepeatingJob(() => this.pass(), {
      everyMs: this.options.everyMs,
      logger: this.deps.logger,
      failure: 'notifying alerts failed',
    });
    return this;
  }

  /** Runs a pass now (tests, and after a change that should go out at once). */
  wake(): void {
    this.job?.wake();
  }

  async stop(): Promise<void> {
    await this.job?.stop();
    await this.lease.release().catch(() => undefined);
  }

  /** One pass: hold the lease, group what is due into messages, send what is due. */
  async pass(now = Date.now()): Promise<void> {
    if (!(await this.lease.hold())) return;
    try {
      for (const group of await waitingGroups(this.deps.db)) {
        if (!this.groupDue(group, now)) continue;
        // A group that cannot be made holds up neither the other rules' messages nor the sending.
        await this.makeMessage(group).catch((error: unknown) => {
          if (error instanceof FencedOutError) throw error;
          this.deps.logger.error(
            { err: error, rule: group.ruleId, event: group.event },
            'an alert message could not be made',
          );
        });
      }
      await this.sendDue();
    } catch (error) {
      if (!(error instanceof FencedOutError)) throw error;
      this.deps.logger.warn({ err: error }, 'the alert notifier lost its lease while writing');
    }
  }

  private groupDue(group: OutboxGroup, now: number): boolean {
    const oldest = group.oldest.getTime();
    const last = this.lastMessage.get(`${group.ruleId}:${group.event}`);
    if (now - oldest < this.options.groupDelayMs) return false;
    return (
      last === undefined ||
      now - last >= this.options.groupWindowMs ||
      now - oldest >= this.options.groupWindowMs
    );
  }

  /** Groups a rule's waiting notifications of one event into one message and writes its deliveries, in one transaction. */
  private async makeMessage(group: OutboxGroup): Promise<void> {
    if (!isOutboxEvent(group.event)) return;
    const event = group.event;
    const { deps } = this;
    const messageId = randomUUID();
    const rule = await findRule(deps.db, group.ruleId);
    const recipients = rule
      ? [
          ...new Set([
            ...rule.channels.email,
            ...(event === 'escalation' ? (rule.escalateTo?.email ?? []) : []),
            ...(await optedInAddresses(
              deps.db,
              rule.severity,
              rolesWith(PERMISSIONS.viewAlerts),
              ALERT_EMAIL_DEFAULT_SEVERITIES,
            )),
          ]),
        ]
      : [];
    const webhookIds = rule
      ? [
          ...new Set([
            ...rule.channels.webhookIds,
            ...(event === 'escalation' ? (rule.escalateTo?.webhookIds ?? []) : []),
          ]),
        ]
      : [];
    // The alerts' groups as they are now (read before the transaction): what their place says, in the message.
    const groups = await alertGroupsSnapshot(deps);
    const made = await this.lease.write(async (tx) => {
      const taken = await takeGroup(tx, group.ruleId, event, messageId, MESSAGE_ALERTS_MAX);
      // A deleted rule's notifications are taken (they went nowhere) and nothing is sent.
      if (taken.count === 0 || !rule) return 0;
      const alerts = groupCausesOf(groups, taken.alerts.map(alertOf));
      const message = alertMessage(
        rule,
        event,
        {
          count: taken.count,
          alerts,
          summary: event === 'resolved' ? null : messageSentence(groups, alerts),
        },
        deps.config.PUBLIC_URL,
        new Date(),
      );
      const deliveries: NewDelivery[] = webhookIds.map((webhookId) => ({
        id: randomUUID(),
        channel: 'webhook',
        webhookId,
        recipients: null,
        event: WEBHOOK_EVENT_OF[event],
        title: message.title,
        payload: message.payload,
      }));
      if (recipients.length > 0) {
        deliveries.push({
          id: randomUUID(),
          channel: 'email',
          webhookId: null,
          recipients,
          event: WEBHOOK_EVENT_OF[event],
          title: message.title,
          payload: message.text,
        });
      }
      await insertDeliveries(tx, deliveries);
      return deliveries.length;
    });
    this.lastMessage.set(`${group.ruleId}:${event}`, Date.now());
    this.stats.messages += 1;
    this.stats.deliveries += made;
    metrics.alertMessages.inc({ event });
    deps.logger.info(
      { rule: group.ruleId, event, notifications: group.count, deliveries: made },
      'alert message grouped',
    );
  }

  /** Attempts every due delivery, a few at a time. */
  private async sendDue(): Promise<void> {
    for (;;) {
      const due = await dueDeliveries(this.deps.db, this.options.parallel);
      if (due.length === 0) return;
      await Promise.all(due.map((d) => this.attempt(d)));
      if (due.length < this.options.parallel) return;
      // Receivers that take their 10 s can make a long pass: the lease is renewed between batches.
      if (!(await this.lease.hold())) return;
    }
  }

  private async attempt(delivery: DueDelivery): Promise<void> {
    const { status, response, refused, ok } = await this.send(delivery);
    const at = new Date();
    let outcome: AttemptOutcome;
    if (ok) outcome = { state: 'delivered', status, response, at, nextAttemptAt: null };
    else {
      const delay = refused
        ? null
        : deliveryRetryDelay(
            delivery.attempts + 1,
            (delivery.firstAttemptAt ?? at).getTime(),
            at.getTime(),
            this.options.retryBaseMs,
          );
      outcome =
        delay === null
          ? { state: 'failed', status, response, at, nextAttemptAt: null }
          : { state: 'pending', status, response, at, nextAttemptAt: new Date(at.getTime() + delay) };
    }
    await this.lease.write((tx) => recordAttempt(tx, delivery.id, outcome));
    const result =
      outcome.state === 'delivered' ? 'delivered' : outcome.state === 'failed' ? 'gave_up' : 'retrying';
    metrics.webhookDeliveries.inc({ channel: delivery.channel, outcome: result });
    if (outcome.state === 'delivered') this.stats.delivered += 1;
    else if (outcome.state === 'failed') this.stats.failed += 1;
    else this.stats.retried += 1;
    if (outcome.state !== 'delivered')
      this.deps.logger.warn(
        {
          delivery: delivery.id,
          channel: delivery.channel,
          status,
          response,
          attempts: delivery.attempts + 1,
          state: outcome.state,
        },
        'alert delivery not accepted',
      );
  }

  /** One attempt; `status` is the receiver's HTTP status (null for mail, and for a receiver that did not answer). */
  private async send(
    delivery: DueDelivery,
  ): Promise<{ ok: boolean; status: number | null; response: string; refused?: boolean }> {
    if (delivery.channel === 'webhook') {
      if (!delivery.url || delivery.secret === null)
        return { ok: false, status: null, response: 'the webhook no longer exists', refused: true };
      const result = await postWebhook(delivery.url, delivery.secret, delivery);
      return { ...result, ok: result.status !== null && result.status >= 200 && result.status < 300 };
    }
    if (!delivery.recipients?.length)
      return { ok: false, status: null, response: 'no recipients', refused: true };
    try {
      await this.deps.mailer.send({
        to: delivery.recipients.join(', '),
        subject: delivery.title,
        text: delivery.payload,
      });
      return { ok: true, status: null, response: `mailed to ${delivery.recipients.length} recipient(s)` };
    } catch (error) {
      return { ok: false, status: null, response: String((error as Error).message).slice(0, RESPONSE_KEPT) };
    }
  }
}

/** Starts the notifier of this process (it notifies while it holds its lease). */
export function startAlertNotifier(deps: ServiceDeps, options?: AlertNotifierOptions): AlertNotifier {
  return new AlertNotifier(deps, options).start();
}
