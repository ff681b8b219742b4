import {
  hasLoneSurrogate,
  hasNul,
  nonBlankText,
  NUL_MESSAGE,
  safeText,
  TEXT_MAX,
  tooLongMessage,
  UNICODE_MESSAGE,
} from './text';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('safe text', () => {
  it('when a text holds U+0000 anywhere, then it has a NUL', () => {
    expect(hasNul('AB\u0000CD')).toBe(true);
    expect(hasNul('\u0000')).toBe(true);
    expect(hasNul('ABCD')).toBe(false);
  });

  it('when surrogates come in pairs, then the text is well-formed Unicode', () => {
    expect(hasLoneSurrogate('ok \u{1F600} \u{1F680}')).toBe(false);
    expect(hasLoneSurrogate('\uD83D\uDE00\uD83D\uDE00')).toBe(false);
    expect(hasLoneSurrogate('plain')).toBe(false);
  });

  it('when a high surrogate has no low one after it, or a low one has no high one before it, then it is lone', () => {
    for (const text of [
      '\uD800',
      'a\uD800',
      '\uD800a',
      '\uD800\uD800\uDC00',
      '\uDC00',
      'a\uDC00',
      '\uD83D\uDE00\uDE00',
    ]) {
      expect({ text: JSON.stringify(text), lone: hasLoneSurrogate(text) }).toEqual({
        text: JSON.stringify(text),
        lone: true,
      });
    }
  });

  it('when a safe text holds NUL, then it is refused with the NUL message', () => {
    expect(messagesOf(safeText(10).safeParse('A\u0000B'))).toEqual([NUL_MESSAGE]);
  });

  it('when a safe text holds a lone surrogate, then it is refused as broken Unicode', () => {
    expect(messagesOf(safeText(10).safeParse('A\uD800B'))).toEqual([UNICODE_MESSAGE]);
    expect(messagesOf(safeText(10).safeParse('\uDFFF'))).toEqual([UNICODE_MESSAGE]);
  });

  it('when a safe text is longer than its maximum, then it is refused with the maximum in the message', () => {
    expect(messagesOf(safeText(TEXT_MAX.name).safeParse('A'.repeat(100_000)))).toEqual([
      tooLongMessage(TEXT_MAX.name),
    ]);
    expect(tooLongMessage(200)).toBe('at most 200 characters');
    expect(safeText(3).parse('ABC')).toBe('ABC');
  });

  it('when a safe text is not a string, then it is refused and not coerced', () => {
    for (const value of [42, ['A'], { a: 'A' }, null, true])
      expect(safeText(10).safeParse(value).success).toBe(false);
  });

  it('when a required text is blank, then it is refused; surrounding blanks are dropped before the length counts', () => {
    expect(messagesOf(nonBlankText(5).safeParse('   '))).toEqual(['Required']);
    expect(nonBlankText(5).parse('  ABCDE  ')).toBe('ABCDE');
    expect(messagesOf(nonBlankText(5).safeParse('ABCDEF'))).toEqual([tooLongMessage(5)]);
    expect(messagesOf(nonBlankText(5).safeParse('A\u0000'))).toEqual([NUL_MESSAGE]);
  });

  it('when the limits are read, then one-box values are the shortest and free text the longest a person types', () => {
    expect(TEXT_MAX.name).toBeLessThan(TEXT_MAX.email);
    expect(TEXT_MAX.email).toBeLessThan(TEXT_MAX.path);
    expect(TEXT_MAX.path).toBeLessThan(TEXT_MAX.prose);
    expect(TEXT_MAX.prose).toBeLessThan(TEXT_MAX.document);
  });
});
