import { createHmac } from 'node:crypto';
import { lookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { DELIVERY_TIMEOUT_MS, isLinkLocalAddress, webhookTargetProblem } from '@equipment-dashboard/domain';

/** The start of a receiver's answer kept in the delivery log. */
export const RESPONSE_KEPT = 500;

/** `sha256=<hex HMAC-SHA256 of the raw body>`, the way GitHub and Stripe sign theirs. */
export function signature(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** What a receiver answered (status null: no answer, `response` says why). */
export interface PostResult {
  status: number | null;
  response: string;
  /** The target can never be reached (not http(s), the link-local range): no retry. */
  refused?: boolean;
}

/**
 * Resolves like dns.lookup, but refuses a name that resolves to a link-local address: checked on the address the
 * socket connects to, so a name that changed its answer since the webhook was created is caught too.
 */
function guardedLookup(
  hostname: string,
  options: object,
  callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
): void {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => isLinkLocalAddress(a.address));
    if (bad)
      return callback(
        Object.assign(new Error(`${hostname} resolves to the link-local address ${bad.address}`), {
          code: 'ELINKLOCAL',
        }),
        '',
      );
    if ((options as { all?: boolean }).all) return callback(null, list);
    const first = list[0];
    if (!first)
      return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
    callback(null, first.address, first.family);
  });
}

/**
 * POSTs a delivery's body to a webhook with its event, delivery id and signature headers, within
 * {@link DELIVERY_TIMEOUT_MS}; never throws.
 */
export function postWebhook(
  url: string,
  secret: string,
  delivery: { id: string; event: string; payload: string },
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<PostResult> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve({ status: null, response: 'not a URL', refused: true });
  }
  const problem = webhookTargetProblem({
    protocol: target.protocol,
    hostname: target.hostname,
    credentials: Boolean(target.username || target.password),
  });
  if (problem) return Promise.resolve({ status: null, response: problem, refused: true });
  const body = Buffer.from(delivery.payload, 'utf8');
  const options: RequestOptions = {
    method: 'POST',
    lookup: guardedLookup as RequestOptions['lookup'],
    headers: {
      'Content-Type': 'application/json',
      'Content-Length': body.length,
      'User-Agent': 'Equipment-Dashboard-Webhooks',
      'X-Equipment-Dashboard-Event': delivery.event,
      'X-Equipment-Dashboard-Delivery': delivery.id,
      'X-Equipment-Dashboard-Signature': signature(secret, body),
    },
    timeout: timeoutMs,
  };
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
    };
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(target, options, (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      res.on('data', (chunk: Buffer) => {
        if (kept < RESPONSE_KEPT) chunks.push(chunk);
        kept += chunk.length;
      });
      res.on('end', () =>
        done({
          status: res.statusCode ?? null,
          response: Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_KEPT),
        }),
      );
      res.on('error', (err) => done({ status: res.statusCode ?? null, response: err.message }));
    });
    // The whole exchange, not only an idle socket, gets the timeout: a receiver trickling bytes is cut too.
    const deadline = setTimeout(() => {
      req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    req.on('error', (err: NodeJS.ErrnoException) =>
      done({ status: null, response: err.message, refused: err.code === 'ELINKLOCAL' }),
    );
    req.end(body);
  });
}
