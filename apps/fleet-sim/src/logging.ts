import pino, { type Logger } from 'pino';

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

/** Query parameters that carry secrets (password-reset links). */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token)=)[^&]*/gi, '$1[Redacted]');
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[Redacted]' }, base: { pid: process.pid } }, destination);
}
