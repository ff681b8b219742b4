import { createLogger, logFormatOf } from './logging';

const linesOf = (format: 'json' | 'pretty') => {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) }, format).child({
    role: 'api',
  });
  return { lines, logger };
};

describe('log lines for a person or for a collector', () => {
  it('when stdout is a terminal, then auto is readable lines; a pipe or a file gets JSON lines; a setting wins', () => {
    expect(logFormatOf('auto', true)).toBe('pretty');
    expect(logFormatOf('auto', false)).toBe('json');
    expect(logFormatOf('json', true)).toBe('json');
    expect(logFormatOf('pretty', false)).toBe('pretty');
  });

  it('when lines are pretty, then each is one readable line with time, level, message and fields, secrets still redacted', () => {
    const { lines, logger } = linesOf('pretty');
    logger.info({ port: 3000, body: { password: 'hunter2-secret' } }, 'listening');
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO.*: listening /);
    expect(line).toContain('"role":"api"');
    expect(line).toContain('"port":3000');
    expect(line).not.toContain('hunter2-secret');
    expect(line?.endsWith('\n')).toBe(true);
    expect(line?.trimEnd()).not.toContain('\n');
    expect(() => JSON.parse(line as string)).toThrow();
  });

  it('when lines are JSON, then each parses, as log collectors expect', () => {
    const { lines, logger } = linesOf('json');
    logger.warn({ port: 3000 }, 'listening');
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      level: 40,
      msg: 'listening',
      role: 'api',
      port: 3000,
    });
  });
});
