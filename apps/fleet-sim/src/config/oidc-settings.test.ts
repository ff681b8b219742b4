import { ConfigError, loadConfig } from './config';
import { oidcSettings } from './oidc-settings';

const ISSUER = 'https://login.example.com/realms/fleet';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('identity provider settings', () => {
  it('when OIDC_ISSUER is unset, then OIDC is off and the local form is for everyone', () => {
    const config = loadConfig({});
    expect(config.OIDC).toEqual([]);
    expect(config.LOCAL_LOGIN).toBe('all');
    expect(config.OIDC_AUTO_REDIRECT).toBe(false);
    expect(config.OIDC_RECHECK_MINUTES).toBe(15);
  });

  it("when the OIDC_* variables are set, then there is one provider 'oidc' with the issue's defaults", () => {
    const config = loadConfig({
      OIDC_ISSUER: `${ISSUER}/`,
      OIDC_CLIENT_ID: 'dash',
      OIDC_ROLE_MAP: 'admin=fleet-admins',
    });
    expect(config.OIDC).toEqual([
      {
        id: 'oidc',
        issuer: ISSUER,
        clientId: 'dash',
        name: 'oidc',
        scopes: ['openid', 'profile', 'email', 'groups'],
        roleClaim: 'groups',
        roleMap: [{ role: 'admin', group: 'fleet-admins' }],
        roleStrict: true,
      },
    ]);
  });

  it('when every provider variable is bad, then every problem is listed at once, with the schema problems', () => {
    const problems = problemsOf({
      OIDC_ISSUER: 'http://idp.example.com',
      OIDC_SCOPES: 'profile',
      OIDC_ROLE_MAP: 'boss=x;engineer',
      OIDC_ROLE_STRICT: 'maybe',
      LOCAL_LOGIN: 'sometimes',
    });
    const text = problems.join('\n');
    expect(text).toMatch(/OIDC_ISSUER: must be https/);
    expect(text).toMatch(/OIDC_CLIENT_ID: required/);
    expect(text).toMatch(/OIDC_SCOPES: must include openid/);
    expect(text).toMatch(/OIDC_ROLE_MAP: pair 1: "boss" is not a role/);
    expect(text).toMatch(/OIDC_ROLE_MAP: pair 2/);
    expect(text).toMatch(/OIDC_ROLE_STRICT/);
    expect(text).toMatch(/LOCAL_LOGIN/);
  });

  it('when strict mode has an empty map, or local sign-in is off without a provider, then nobody could sign in: refused', () => {
    expect(problemsOf({ OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: 'dash' }).join('\n')).toMatch(
      /empty while strict/,
    );
    expect(problemsOf({ LOCAL_LOGIN: 'off' }).join('\n')).toMatch(
      /LOCAL_LOGIN=off needs an identity provider/,
    );
    expect(problemsOf({ OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: 'dash', OIDC_ROLE_STRICT: 'false' })).toEqual(
      [],
    );
  });

  it('when OIDC_PROVIDERS lists more, then each is read with either spelling of its fields, and ids must differ', () => {
    const { providers, problems } = oidcSettings({
      OIDC_ISSUER: ISSUER,
      OIDC_CLIENT_ID: 'dash',
      OIDC_ROLE_MAP: 'guest=*',
      OIDC_PROVIDERS: JSON.stringify([
        {
          id: 'okta',
          issuer: 'https://acme.okta.com',
          clientId: 'a',
          name: 'Okta',
          roleMap: 'admin=fleet-admins',
          roleClaim: 'groups',
        },
        {
          id: 'kc',
          OIDC_ISSUER: 'http://127.0.0.1:8080/realms/x',
          client_id: 'b',
          role_map: ['engineer=eng'],
          roleClaim: 'realm_access.roles',
          roleStrict: false,
        },
      ]),
    });
    expect(problems).toEqual([]);
    expect(providers.map((p) => [p.id, p.clientId, p.roleClaim, p.roleStrict])).toEqual([
      ['oidc', 'dash', 'groups', true],
      ['okta', 'a', 'groups', true],
      ['kc', 'b', 'realm_access.roles', false],
    ]);
    expect(providers[2]?.roleMap).toEqual([{ role: 'engineer', group: 'eng' }]);
    const twice = oidcSettings({
      OIDC_PROVIDERS: JSON.stringify([
        { id: 'x', issuer: ISSUER, clientId: 'a', roleMap: 'guest=*' },
        { id: 'x', issuer: ISSUER, clientId: 'b', roleMap: 'guest=*', colour: 'red' },
      ]),
    });
    expect(twice.problems.join('\n')).toMatch(/"x" is used twice/);
    expect(twice.problems.join('\n')).toMatch(/OIDC_PROVIDERS\[1\]\.colour: unknown field/);
    expect(oidcSettings({ OIDC_PROVIDERS: '{nope' }).problems).toEqual([expect.stringMatching(/not JSON/)]);
  });
});
