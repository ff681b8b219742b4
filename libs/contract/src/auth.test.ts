import { z } from 'zod';
import {
  TOKEN_CLIENT_ID,
  UNSUPPORTED_GRANT_TYPE,
  isUnsupportedGrantType,
  tokenBodySchema,
  tokenResponseSchema,
  updateUserPasswordBodySchema,
  resetUserPasswordBodySchema,
} from './auth';

const form = { grant_type: 'password', username: 'jdoe', password: 'secret', client_id: TOKEN_CLIENT_ID };

describe('auth contract', () => {
  it('when the password grant is sent, then the token body parses', () => {
    expect(tokenBodySchema.parse(form)).toEqual(form);
  });

  it.each(['client_credentials', 'refresh_token', 'authorization_code', ''])(
    "when grant_type is '%s', then it is refused as unsupported_grant_type",
    (grantType) => {
      const result = tokenBodySchema.safeParse({ ...form, grant_type: grantType });
      expect(result.success).toBe(false);
      if (result.success) return;
      expect(isUnsupportedGrantType(result.error)).toBe(true);
      expect(result.error.issues[0]?.message).toBe(UNSUPPORTED_GRANT_TYPE);
    },
  );

  it('when the grant is right but the username is missing, then it is refused but not as unsupported_grant_type', () => {
    const result = tokenBodySchema.safeParse({ ...form, username: '' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(isUnsupportedGrantType(result.error)).toBe(false);
  });

  it('when the client_id is not the console one, then it is refused', () => {
    expect(tokenBodySchema.safeParse({ ...form, client_id: 'other' }).success).toBe(false);
  });

  it('when the form has an unknown field, then it is refused', () => {
    expect(tokenBodySchema.safeParse({ ...form, scope: 'all' }).success).toBe(false);
  });

  it('when a token answer is parsed, then it holds the user with username, email and role', () => {
    const answer = {
      access_token: 'eyJ...',
      token_type: 'bearer',
      expires_in: 3600,
      user: { username: 'jdoe', email: 'jdoe@example.com', role: 'support' },
    };
    expect(tokenResponseSchema.parse(answer)).toEqual(answer);
  });

  it('when the new password is shorter than 12 characters or equals the current one, then it is refused', () => {
    const body = updateUserPasswordBodySchema;
    expect(
      body.safeParse({ username: 'jdoe', prevPassword: 'old-password-1', newPassword: 'short' }).success,
    ).toBe(false);
    expect(
      body.safeParse({ username: 'jdoe', prevPassword: 'same-password-1', newPassword: 'same-password-1' })
        .success,
    ).toBe(false);
    expect(
      body.safeParse({ username: 'jdoe', prevPassword: 'old-password-1', newPassword: 'new-password-12' })
        .success,
    ).toBe(true);
  });

  it('when a reset sets a password of 12 characters, then it parses', () => {
    expect(resetUserPasswordBodySchema.safeParse({ token: 't', newPassword: '123456789012' }).success).toBe(
      true,
    );
    expect(resetUserPasswordBodySchema.safeParse({ token: 't', newPassword: '12345678901' }).success).toBe(
      false,
    );
  });

  it('when the issue is made by hand without the grant path, then it is not taken for a grant error', () => {
    const error = new z.ZodError([
      { code: 'custom', path: ['username'], message: UNSUPPORTED_GRANT_TYPE, input: '' },
    ]);
    expect(isUnsupportedGrantType(error)).toBe(false);
  });
});
