import type { Logger } from 'pino';

interface Publisher {
  publish(channel: string, message: string | Buffer): Promise<number>;
}

/**
 * The socket.io Redis adapter publishes without waiting for the answer. A publish that fails (Redis gone, or
 * slower than the client's 5-second command timeout on a starved machine) was an unhandled rejection, which
 * ends a Node process: here it is a warning, and the event is lost as a live event is when a socket drops
 * (the console refetches on reconnect). Everything else goes to the client itself, whose methods use private
 * fields and so must be called on it, not on the proxy.
 */
export function guardedPublisher<C extends Publisher>(client: C, logger: Pick<Logger, 'warn'>): C {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'publish') {
        return (channel: string, message: string | Buffer) =>
          target.publish(channel, message).catch((err: unknown) => {
            logger.warn({ err, channel }, 'a live event could not be published to Redis');
            return 0;
          });
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
