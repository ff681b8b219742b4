import { errorBodySchema } from './error';

describe('error body', () => {
  it('when an error has details, then it parses', () => {
    expect(errorBodySchema.parse({ error: 'validation_failed', details: [{ path: 'username' }] })).toEqual({
      error: 'validation_failed',
      details: [{ path: 'username' }],
    });
  });

  it('when the error text is missing, then it is refused', () => {
    expect(errorBodySchema.safeParse({ details: 'x' }).success).toBe(false);
  });
});
