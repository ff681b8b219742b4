import { lookup } from 'node:dns/promises';
import { randomBytes, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import {
  DELIVERY_STATES,
  type CreatedWebhook,
  type Webhook,
  type WebhookDelivery,
} from '@equipment-dashboard/contract';
import { isLinkLocalAddress } from '@equipment-dashboard/domain';
import type { AuthUser } from '../auth/auth-user';
import { NotFoundError, ValidationError } from '../core/errors';
import { rulesNamingWebhook, updateRule } from '../store/repos/alert-rules-repo';
import { recordAudit } from '../store/repos/audit-log-repo';
import * as repo from '../store/repos/webhooks-repo';
import { inTransaction } from '../store/transaction';
import type { ServiceDeps } from './service-deps';

/** How long creating a webhook waits for its host name to resolve before it takes the URL as it is. */
export const WEBHOOK_LOOKUP_TIMEOUT_MS = 2_000;

/** Resolves a host name to its addresses (node's dns.lookup, all of them). */
export type HostLookup = (hostname: string) => Promise<readonly string[]>;

const systemLookup: HostLookup = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/**
 * The link-local address a webhook's host name resolves to, if any (a name pointing at the cloud metadata range).
 * An address literal is left to the contract's check; a name that does not resolve within `timeoutMs` (or at all)
 * answers null: the sender checks the address it connects to at every attempt anyway.
 */
export async function linkLocalAddressOf(
  hostname: string,
  resolve: HostLookup = systemLookup,
  timeoutMs = WEBHOOK_LOOKUP_TIMEOUT_MS,
): Promise<string | null> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return null;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((done) => {
    timer = setTimeout(() => done(null), timeoutMs);
  });
  try {
    const addresses = await Promise.race([resolve(host), timeout]);
    return addresses?.find((address) => isLinkLocalAddress(address)) ?? null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** A webhook row as the calls answer it (never its secret). */
function webhookOf(row: repo.WebhookRow, last: repo.LastDelivery | undefined): Webhook {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    lastDelivery: last ? { state: last.state, at: last.at.toISOString(), status: last.status } : null,
  };
}

const STATES = new Set<string>(DELIVERY_STATES);

/** A delivery row as the delivery log shows it. */
export function deliveryOf(row: repo.DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.webhookId ?? 0,
    event: row.event,
    state: (STATES.has(row.state) ? row.state : 'pending') as WebhookDelivery['state'],
    attempts: row.attempts,
    lastStatus: row.lastStatus,
    lastResponse: row.lastResponse,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    title: row.title,
  };
}

async function requireWebhook(deps: ServiceDeps, id: number): Promise<repo.WebhookRow> {
  const row = await repo.findWebhook(deps.db, id);
  if (!row) throw new NotFoundError(`No webhook ${id}.`, { id });
  return row;
}

/** Every webhook, by name, with its last delivery's outcome. */
export async function listWebhooks(deps: ServiceDeps): Promise<Webhook[]> {
  const rows = await repo.listWebhooks(deps.db);
  const last = await repo.lastDeliveries(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => webhookOf(row, last.get(row.id)));
}

/**
 * Creates a webhook with a new signing secret (32 random bytes, base64url), answered this once. Besides the
 * contract's checks of the URL, a host name that resolves to a link-local address now is refused (400).
 */
export async function createWebhook(
  deps: ServiceDeps,
  user: AuthUser,
  input: { name: string; url: string },
): Promise<CreatedWebhook> {
  const linkLocal = await linkLocalAddressOf(new URL(input.url).hostname);
  if (linkLocal) {
    throw new ValidationError(
      `The webhook's host resolves to ${linkLocal}, in the link-local (cloud metadata) range.`,
      [
        {
          path: 'url',
          message: `Resolves to ${linkLocal}: the link-local (cloud metadata) range is refused.`,
        },
      ],
    );
  }
  const secret = randomBytes(32).toString('base64url');
  const row = await inTransaction(deps.db, async (tx) => {
    const created = await repo.insertWebhook(tx, {
      name: input.name,
      url: input.url,
      secret,
      createdBy: user.username,
    });
    await recordAudit(tx, [
      {
        username: user.username,
        action: 'webhook.create',
        detail: { webhookId: created.id, name: created.name, url: created.url },
        at: deps.clock.nowDate(),
      },
    ]);
    return created;
  });
  deps.logger.info({ webhook: row.id, by: user.username }, 'webhook created');
  return { ...webhookOf(row, undefined), secret };
}

/**
 * Deletes a webhook: rules stop naming it (a rule whose escalation named only it stops escalating) and its
 * deliveries go with it, pending ones included; with its audit entry, in one transaction.
 */
export async function deleteWebhook(
  deps: ServiceDeps,
  user: AuthUser,
  id: number,
): Promise<{ deleted: true }> {
  const now = deps.clock.nowDate();
  await inTransaction(deps.db, async (tx) => {
    const row = await repo.findWebhook(tx, id);
    if (!row) throw new NotFoundError(`No webhook ${id}.`, { id });
    const rules = await rulesNamingWebhook(tx, id);
    for (const rule of rules) {
      const without = (channels: { email: string[]; webhookIds: number[] }) => ({
        ...channels,
        webhookIds: channels.webhookIds.filter((w) => w !== id),
      });
      const escalateTo = rule.escalateTo ? without(rule.escalateTo) : null;
      const escalates =
        escalateTo !== null && (escalateTo.email.length > 0 || escalateTo.webhookIds.length > 0);
      await updateRule(tx, rule.id, {
        channels: without(rule.channels),
        escalateTo: escalates ? escalateTo : null,
        escalateAfterMinutes: escalates ? rule.escalateAfterMinutes : null,
        updatedAt: now,
      });
    }
    await repo.deleteWebhook(tx, id);
    await recordAudit(tx, [
      {
        username: user.username,
        action: 'webhook.delete',
        detail: { webhookId: id, name: row.name, url: row.url, rules: rules.map((r) => r.id) },
        at: now,
      },
    ]);
  });
  deps.logger.info({ webhook: id, by: user.username }, 'webhook deleted');
  return { deleted: true };
}

/**
 * Queues a `test` delivery to a webhook, due now: the sender signs and sends it, and retries it as any other
 * delivery. Answers the delivery as the log shows it.
 */
export async function testWebhook(deps: ServiceDeps, user: AuthUser, id: number): Promise<WebhookDelivery> {
  const webhook = await requireWebhook(deps, id);
  const payload = JSON.stringify({
    event: 'test',
    webhook: { id: webhook.id, name: webhook.name },
    sentAt: new Date().toISOString(),
  });
  const row = await repo.insertDelivery(deps.db, {
    id: randomUUID(),
    webhookId: webhook.id,
    event: 'test',
    title: 'Test delivery',
    payload,
  });
  deps.logger.info({ webhook: id, delivery: row.id, by: user.username }, 'webhook test queued');
  return deliveryOf(row);
}

/** A webhook's delivery log, newest first (404 for an unknown webhook). */
export async function listDeliveries(
  deps: ServiceDeps,
  query: { page: number; webhookId: number },
): Promise<{ docs: WebhookDelivery[]; totalDocs: number }> {
  await requireWebhook(deps, query.webhookId);
  const { docs, totalDocs } = await repo.listDeliveries(deps.db, query);
  return { docs: docs.map(deliveryOf), totalDocs };
}
