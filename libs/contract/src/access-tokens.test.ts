import { createAccessTokenBodySchema, deleteAccessTokenBodySchema } from './access-tokens';
import { oidcTokenBodySchema, logoutResponseSchema } from './auth';

describe('access token and provider sign-in bodies', () => {
  it('when a token is asked for with a name and an expiry in days or a date, then it parses', () => {
    expect(createAccessTokenBodySchema.safeParse({ name: ' ci ', expiresInDays: 30 }).data).toEqual({
      name: 'ci',
      expiresInDays: 30,
    });
    expect(
      createAccessTokenBodySchema.safeParse({ name: 'ci', expiresAt: '2027-01-01T00:00:00Z', role: 'tech' })
        .success,
    ).toBe(true);
    expect(createAccessTokenBodySchema.safeParse({ name: 'ci' }).success).toBe(true);
  });

  it('when a token body has both expiries, a lifetime past a year, an unknown role or field, then it is refused', () => {
    for (const body of [
      { name: 'ci', expiresInDays: 3, expiresAt: '2027-01-01T00:00:00Z' },
      { name: 'ci', expiresInDays: 366 },
      { name: 'ci', expiresInDays: 0 },
      { name: 'ci', role: 'boss' },
      { name: 'ci', token: 'mine' },
      { name: '   ' },
      { name: 'x'.repeat(101) },
    ]) {
      expect(createAccessTokenBodySchema.safeParse(body).success).toBe(false);
    }
  });

  it('when a revocation or a hand-off has no id or code, then it is refused', () => {
    expect(deleteAccessTokenBodySchema.safeParse({}).success).toBe(false);
    expect(oidcTokenBodySchema.safeParse({ handoff: '' }).success).toBe(false);
    expect(oidcTokenBodySchema.safeParse({ handoff: 'abc', extra: 1 }).success).toBe(false);
  });

  it("when a logout answers, then its redirect is the provider's URL or null", () => {
    expect(logoutResponseSchema.safeParse({ ok: true, redirectTo: null }).success).toBe(true);
    expect(
      logoutResponseSchema.safeParse({ ok: true, redirectTo: 'https://idp.example/logout?x=1' }).success,
    ).toBe(true);
    expect(logoutResponseSchema.safeParse({ ok: true, redirectTo: 'not a url' }).success).toBe(false);
  });
});
