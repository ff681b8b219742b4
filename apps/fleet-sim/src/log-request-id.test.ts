import { createLogger } from './logging';
import { withRequestId } from './core/request-context';

describe('request ids in log lines', () => {
  it('when a line is written while a request is handled, then it carries the request id, across awaits; other lines do not', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger('info', {
      write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
    }).child({ role: 'api' });
    await withRequestId('req-1', async () => {
      await new Promise((r) => setTimeout(r, 5));
      logger.info('inside');
    });
    logger.info('outside');
    expect(lines.map((l) => [l['msg'], l['reqId'], l['role']])).toEqual([
      ['inside', 'req-1', 'api'],
      ['outside', undefined, 'api'],
    ]);
  });
});
