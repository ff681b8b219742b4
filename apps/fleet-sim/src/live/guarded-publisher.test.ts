import { guardedPublisher } from './guarded-publisher';

class FakeClient {
  #failures = 0;
  constructor(private readonly fail: boolean) {}
  publish(channel: string, _message: string): Promise<number> {
    if (!this.fail) return Promise.resolve(channel.length);
    this.#failures += 1;
    return Promise.reject(new Error('Command timed out'));
  }
  failures(): number {
    return this.#failures;
  }
}

describe('guardedPublisher', () => {
  it('when a publish fails, then it resolves and the failure is a warning, not an unhandled rejection', async () => {
    const warn = jest.fn();
    const client = guardedPublisher(new FakeClient(true), { warn } as never);
    await expect(client.publish('socket.io#/dashboard#', 'event')).resolves.toBe(0);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ channel: 'socket.io#/dashboard#' }),
      expect.any(String),
    );
  });

  it('when a publish succeeds, then its answer passes through and nothing is logged', async () => {
    const warn = jest.fn();
    const client = guardedPublisher(new FakeClient(false), { warn } as never);
    await expect(client.publish('abc', 'event')).resolves.toBe(3);
    expect(warn).not.toHaveBeenCalled();
  });

  it('when another method is called, then it runs on the client itself (its private fields work)', async () => {
    const client = guardedPublisher(new FakeClient(true), { warn: jest.fn() } as never);
    await client.publish('a', 'b');
    expect(client.failures()).toBe(1);
  });
});
