import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a webhook receiver got: the delivery's headers and its raw body (the bytes the signature covers). */
export interface ReceivedDelivery {
  event: string;
  delivery: string;
  signature: string;
  body: Buffer;
}

/** A webhook receiver on loopback that keeps every request and answers the statuses it is given, in order (then 200). */
export class WebhookReceiver {
  readonly got: ReceivedDelivery[] = [];
  answers: number[] = [];
  private server: Server | null = null;
  url = '';

  async listen(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.got.push({
          event: String(req.headers['x-equipment-dashboard-event']),
          delivery: String(req.headers['x-equipment-dashboard-delivery']),
          signature: String(req.headers['x-equipment-dashboard-signature']),
          body: Buffer.concat(chunks),
        });
        res.writeHead(this.answers.shift() ?? 200).end('thanks');
      });
    });
    await new Promise<void>((r) => this.server?.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  close(): Promise<void> {
    return new Promise((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}
