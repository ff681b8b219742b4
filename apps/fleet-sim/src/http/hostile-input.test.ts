import { NUL_MESSAGE, UNICODE_MESSAGE } from '@equipment-dashboard/contract';
import { hostileInputProblems } from './hostile-input';

describe('hostile input', () => {
  it('when a query, path or body is ordinary, then nothing is refused', () => {
    expect(
      hostileInputProblems({
        serialNumber: 'ABCLK0001',
        page: ['1', '2'],
        version: { semantic: '5.4.2', meta: '' },
      }),
    ).toEqual([]);
    expect(hostileInputProblems({ emoji: 'ok \u{1F600}', count: 3, none: null })).toEqual([]);
    expect(hostileInputProblems(undefined)).toEqual([]);
  });

  it('when a string anywhere holds NUL, then its path is named', () => {
    expect(hostileInputProblems({ targets: { serialNumbers: ['A', 'B\u0000C'] } })).toEqual([
      { path: 'targets.serialNumbers.1', message: NUL_MESSAGE },
    ]);
  });

  it('when a string holds a lone high or low surrogate, then it is refused as broken Unicode', () => {
    expect(hostileInputProblems({ a: 'x\uD800y' })).toEqual([{ path: 'a', message: UNICODE_MESSAGE }]);
    expect(hostileInputProblems({ a: '\uDC00' })).toEqual([{ path: 'a', message: UNICODE_MESSAGE }]);
  });

  it('when a key is __proto__, constructor or prototype, at any depth, then it is refused', () => {
    const body = JSON.parse(
      '{"__proto__":{"x":1},"a":{"constructor":{"prototype":{}}},"b":[{"prototype":1}]}',
    ) as unknown;
    expect(
      hostileInputProblems(body)
        .map((p) => p.path)
        .sort(),
    ).toEqual(['__proto__', 'a.constructor', 'b.0.prototype']);
  });

  it('when a key holds NUL, then the key is refused', () => {
    expect(hostileInputProblems({ 'a\u0000b': 1 })).toEqual([{ path: 'a\u0000b', message: NUL_MESSAGE }]);
  });

  it('when a body nests 100,000 levels deep, then it is refused without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown;
    const problems = hostileInputProblems({ a: deep });
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toMatch(/deeper than 32 levels/);
  });

  it('when a body holds many hostile strings, then at most 10 are named', () => {
    expect(hostileInputProblems(Array.from({ length: 50 }, () => '\u0000'))).toHaveLength(10);
  });

  it('when multer hands over a null-prototype object, then it is walked like any other', () => {
    const fields = Object.assign(Object.create(null) as Record<string, string>, { description: 'x\u0000' });
    expect(hostileInputProblems(fields)).toEqual([{ path: 'description', message: NUL_MESSAGE }]);
  });
});
