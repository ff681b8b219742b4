import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** One mail an SMTP session handed over: its envelope recipients and its rendered message. */
export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/**
 * A plain SMTP server on loopback (no TLS, no authentication), enough for nodemailer's SMTP transport: it keeps what
 * it accepts, and answers `451` to the sender of the next `refuse` sessions, as a server that is busy for a while.
 */
export class SmtpReceiver {
  readonly mails: ReceivedMail[] = [];
  /** Sessions still to refuse (a temporary failure at MAIL FROM). */
  refuse = 0;
  /** Sessions that were refused. */
  refused = 0;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  url = '';

  async listen(): Promise<void> {
    this.server = createServer((socket) => this.session(socket));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `smtp://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private session(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let mail: ReceivedMail | null = null;
    let data: string[] | null = null;
    let buffered = '';
    reply('220 receiver.test ESMTP');
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (data) {
          if (line !== '.') {
            data.push(line.startsWith('..') ? line.slice(1) : line);
            continue;
          }
          if (mail) this.mails.push({ ...mail, data: data.join('\n') });
          data = null;
          mail = null;
          reply('250 queued');
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 receiver.test');
        else if (verb === 'MAIL') {
          if (this.refuse > 0) {
            this.refuse -= 1;
            this.refused += 1;
            reply('451 4.3.0 busy, try again later');
          } else {
            mail = { from: line.replace(/^MAIL FROM:\s*<?([^>\s]*)>?.*$/i, '$1'), to: [], data: '' };
            reply('250 sender ok');
          }
        } else if (verb === 'RCPT') {
          mail?.to.push(line.replace(/^RCPT TO:\s*<?([^>\s]*)>?.*$/i, '$1'));
          reply(mail ? '250 recipient ok' : '503 sender first');
        } else if (verb === 'DATA') {
          data = [];
          reply('354 end with a dot');
        } else if (verb === 'RSET') {
          mail = null;
          reply('250 reset');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
