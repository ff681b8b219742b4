import type { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';
import { prettyFactory } from 'pino-pretty';
import { currentRequestId } from './core/request-context';

/** Keys whose values never reach a log line. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.prevPassword',
  '*.access_token',
  '*.token',
];

/** Query parameters that carry secrets (password-reset links, a provider's authorization code at the callback). */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token|code)=)[^&]*/gi, '$1[Redacted]');
}

/** What a log stream may hold for a reader that is not keeping up; lines past it are dropped, and counted. */
const MAX_PENDING_BYTES = 4 * 1024 * 1024;

/** Errors after which the stream's reader can never read again: the sink stops writing to it. */
const READER_GONE = new Set([
  'EPIPE',
  'ECONNRESET',
  'EBADF',
  'ERR_STREAM_DESTROYED',
  'ERR_STREAM_WRITE_AFTER_END',
]);

/**
 * The process's log lines, on a standard stream, at the cost of lines only, never of the process (docs/decisions.md,
 * "Log sink"). On a pipe or socket Node's stdout is non-blocking: a line is written at once when the reader keeps
 * up and queued in memory otherwise, up to MAX_PENDING_BYTES, past which lines are dropped and a count of them is
 * written once the queue has room again. A write error (EPIPE: the reader is gone) is swallowed and ends writing.
 * Nothing is flushed synchronously at exit: pino's own destination retried a failed write for ever in its exit hook.
 */
export class LogSink {
  private gone = false;
  private dropped = 0;

  constructor(
    private readonly stream: Writable,
    private readonly maxPending = MAX_PENDING_BYTES,
  ) {
    // Without a listener an EPIPE on a standard stream is an uncaught exception.
    stream.on('error', (err: NodeJS.ErrnoException) => this.failed(err));
  }

  write(line: string): boolean {
    if (this.gone) return true;
    if (this.stream.writableLength > this.maxPending) {
      this.dropped += 1;
      return true;
    }
    try {
      if (this.dropped > 0) {
        this.stream.write(
          `${JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, dropped: this.dropped, msg: 'log lines dropped: the log reader was not keeping up' })}\n`,
        );
        this.dropped = 0;
      }
      this.stream.write(line);
    } catch (err) {
      // A file stream writes synchronously and throws (ENOSPC, EIO): the line is lost, the process goes on.
      this.failed(err as NodeJS.ErrnoException);
    }
    return true;
  }

  private failed(err: NodeJS.ErrnoException): void {
    if (err.code && READER_GONE.has(err.code)) this.gone = true;
  }
}

let stdoutSink: LogSink | undefined;

/**
 * Makes a broken stdout or stderr cost lines only: their write errors are swallowed (console.log and console.error
 * included) and stdout's log lines go through one {@link LogSink}.
 */
export function guardStandardStreams(): LogSink {
  if (!stdoutSink) {
    stdoutSink = new LogSink(process.stdout);
    process.stderr.on('error', () => undefined);
  }
  return stdoutSink;
}

/** How log lines are written: JSON lines (for log collectors) or pino-pretty's readable lines (for a person). */
export type LogFormat = 'json' | 'pretty';

/** `auto` is readable lines when stdout is a terminal, JSON lines otherwise (a pipe, a file, a collector). */
export function logFormatOf(
  setting: LogFormat | 'auto',
  stdoutIsTty = Boolean(process.stdout.isTTY),
): LogFormat {
  if (setting !== 'auto') return setting;
  return stdoutIsTty ? 'pretty' : 'json';
}

/** A destination that turns pino's JSON lines into readable ones before writing them, synchronously, to `sink`. */
export function prettyDestination(
  sink: { write(line: string): unknown },
  colorize = Boolean(process.stdout.isTTY),
): pino.DestinationStream {
  const prettify = prettyFactory({
    colorize,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
  });
  return { write: (line: string) => void sink.write(prettify(line)) };
}

export function createLogger(
  level: string,
  destination?: pino.DestinationStream,
  format: LogFormat = 'json',
): Logger {
  const out = destination ?? guardStandardStreams();
  return pino(
    {
      level,
      redact: { paths: REDACT, censor: '[Redacted]' },
      base: { pid: process.pid },
      // A line written while a request is handled (a service's, a repository's) carries the request's id.
      mixin: () => {
        const reqId = currentRequestId();
        return reqId ? { reqId } : {};
      },
    },
    format === 'pretty' ? prettyDestination(out) : out,
  );
}
