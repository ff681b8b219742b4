import fc from 'fast-check';
import { ROLES, type Role } from '../permissions/roles';
import { can, canSeeNav, NAV_ENTRIES, PERMISSIONS } from '../permissions/permissions';
import {
  ACCESS_TOKEN_MAX_DAYS,
  accessTokenExpiryProblem,
  ANY_GROUP,
  claimAt,
  claimValues,
  formatRoleMap,
  isConsoleReturnPath,
  isLoopbackHost,
  issuerUrlProblem,
  mapRole,
  parseRoleMap,
  roleWithin,
  rolesWithin,
  type RoleMapEntry,
} from './identity';

const DAY = 24 * 60 * 60 * 1000;
const groupName = fc.stringMatching(/^[a-zA-Z0-9_.-]{1,12}$/);
const roleArb = fc.constantFrom(...ROLES);
const entryArb = fc.record({ role: roleArb, group: fc.oneof(groupName, fc.constant(ANY_GROUP)) });

describe('parseRoleMap', () => {
  it("when the issue's example is read, then its three pairs come back in order", () => {
    expect(parseRoleMap('admin=fleet-admins;engineer=fleet-eng;support=support-l1')).toEqual({
      entries: [
        { role: 'admin', group: 'fleet-admins' },
        { role: 'engineer', group: 'fleet-eng' },
        { role: 'support', group: 'support-l1' },
      ],
      problems: [],
    });
  });

  it('when pairs have spaces, a trailing ; and a group with =, then those are read as meant', () => {
    expect(parseRoleMap(' guest = * ; tech=cn=techs,ou=people ;').entries).toEqual([
      { role: 'guest', group: '*' },
      { role: 'tech', group: 'cn=techs,ou=people' },
    ]);
  });

  it('when pairs are bad, then every bad pair is a problem and the good ones stay', () => {
    const parsed = parseRoleMap('boss=fleet-admins;engineer;support=;admin=ok');
    expect(parsed.entries).toEqual([{ role: 'admin', group: 'ok' }]);
    expect(parsed.problems).toHaveLength(3);
    expect(parsed.problems.join('\n')).toMatch(/"boss" is not a role/);
    expect(parsed.problems.join('\n')).toMatch(/"engineer"\) is not role=group/);
    expect(parsed.problems.join('\n')).toMatch(/group of "support" is empty/);
  });

  it('when any map is written and read back, then it is the same map (property)', () => {
    fc.assert(
      fc.property(fc.array(entryArb, { maxLength: 8 }), (entries) => {
        expect(parseRoleMap(formatRoleMap(entries))).toEqual({ entries, problems: [] });
      }),
    );
  });
});

describe('claimAt and claimValues', () => {
  it('when the path is dotted, then it walks nested objects (Keycloak realm_access.roles)', () => {
    expect(claimAt({ realm_access: { roles: ['fleet-eng'] } }, 'realm_access.roles')).toEqual(['fleet-eng']);
    expect(claimAt({ realm_access: { roles: ['x'] } }, 'realm_access.groups')).toBeUndefined();
    expect(claimAt({ realm_access: 'flat' }, 'realm_access.roles')).toBeUndefined();
  });

  it('when a claim is named with dots (a namespaced claim), then the whole name is found first', () => {
    expect(claimAt({ 'https://example.com/groups': ['a'] }, 'https://example.com/groups')).toEqual(['a']);
  });

  it('when a claim is a string, an array or something else, then its groups are the strings in it', () => {
    expect(claimValues('fleet-eng')).toEqual(['fleet-eng']);
    expect(claimValues(['a', 3, '', 'b', null])).toEqual(['a', 'b']);
    expect(claimValues({ a: 1 })).toEqual([]);
    expect(claimValues(undefined)).toEqual([]);
  });

  it('when the path names an inherited property, then nothing is found', () => {
    expect(claimAt({}, 'constructor')).toBeUndefined();
    expect(claimAt({ a: {} }, 'a.toString')).toBeUndefined();
  });
});

describe('mapRole', () => {
  const map = parseRoleMap('admin=fleet-admins;engineer=fleet-eng;support=support-l1').entries;

  it('when the user is in a mapped group, then the role of that group', () => {
    expect(mapRole({ groups: ['support-l1'] }, { claim: 'groups', map })).toBe('support');
  });

  it('when the user is in several mapped groups, then the first pair of the map wins', () => {
    expect(mapRole({ groups: ['support-l1', 'fleet-eng'] }, { claim: 'groups', map })).toBe('engineer');
  });

  it('when the user is in no mapped group or has no claim, then no role', () => {
    expect(mapRole({ groups: ['sales'] }, { claim: 'groups', map })).toBeNull();
    expect(mapRole({}, { claim: 'groups', map })).toBeNull();
  });

  it('when the map ends with *, then anyone gets that role', () => {
    const open: RoleMapEntry[] = [...map, { role: 'guest', group: ANY_GROUP }];
    expect(mapRole({}, { claim: 'groups', map: open })).toBe('guest');
  });

  it('when the claim is a dotted path, then the groups are read there', () => {
    expect(mapRole({ realm_access: { roles: ['fleet-eng'] } }, { claim: 'realm_access.roles', map })).toBe(
      'engineer',
    );
  });

  it('when any map and groups are given, then the role is the first matching pair or null (property)', () => {
    fc.assert(
      fc.property(
        fc.array(entryArb, { maxLength: 8 }),
        fc.array(groupName, { maxLength: 5 }),
        (m, groups) => {
          const first = m.find((e) => e.group === ANY_GROUP || groups.includes(e.group));
          expect(mapRole({ groups }, { claim: 'groups', map: m })).toBe(first?.role ?? null);
        },
      ),
    );
  });
});

describe('roleWithin', () => {
  it('when a role is compared with itself or admin, then it is within', () => {
    fc.assert(
      fc.property(roleArb, (role) => {
        expect(roleWithin(role, role)).toBe(true);
        expect(roleWithin(role, 'admin')).toBe(true);
        expect(roleWithin('guest', role)).toBe(true);
      }),
    );
  });

  it('when a role reaches further than the ceiling, then it is not within', () => {
    expect(roleWithin('admin', 'engineer')).toBe(false);
    expect(roleWithin('engineer', 'support')).toBe(false);
    expect(roleWithin('ezadas', 'support')).toBe(false);
    expect(roleWithin('support', 'ezadas')).toBe(false);
    expect(roleWithin('tech', 'guest')).toBe(false);
  });

  it('when a role is within a ceiling, then the ceiling can do and see all it can (property)', () => {
    const permissions = Object.values(PERMISSIONS);
    fc.assert(
      fc.property(roleArb, roleArb, (role, ceiling) => {
        if (!roleWithin(role, ceiling)) return;
        for (const p of permissions) if (can(role, p)) expect(can(ceiling, p)).toBe(true);
        for (const e of NAV_ENTRIES) if (canSeeNav(role, e)) expect(canSeeNav(ceiling, e)).toBe(true);
      }),
    );
  });

  it('when the roles within a ceiling are listed, then they include the ceiling and guest', () => {
    const check = (ceiling: Role) => {
      expect(rolesWithin(ceiling)).toContain(ceiling);
      expect(rolesWithin(ceiling)).toContain('guest');
    };
    ROLES.forEach(check);
    expect(rolesWithin('admin')).toEqual([...ROLES]);
    expect(rolesWithin('guest')).toEqual(['guest']);
  });
});

describe('accessTokenExpiryProblem', () => {
  const now = new Date('2026-11-28T00:00:00Z');

  it('when the expiry is in the coming year, then it is fine', () => {
    expect(accessTokenExpiryProblem(new Date(now.getTime() + DAY), now)).toBeNull();
    expect(accessTokenExpiryProblem(new Date(now.getTime() + ACCESS_TOKEN_MAX_DAYS * DAY), now)).toBeNull();
  });

  it('when the expiry is past, now, beyond a year or not a date, then it is refused', () => {
    expect(accessTokenExpiryProblem(now, now)).toMatch(/future/);
    expect(accessTokenExpiryProblem(new Date(now.getTime() - 1), now)).toMatch(/future/);
    expect(accessTokenExpiryProblem(new Date(now.getTime() + ACCESS_TOKEN_MAX_DAYS * DAY + 1), now)).toMatch(
      /365 days/,
    );
    expect(accessTokenExpiryProblem(new Date(Number.NaN), now)).toMatch(/not a date/);
  });
});

describe('isConsoleReturnPath', () => {
  it.each(['/', '/Aligners', '/Aligners?filter=AB', '/Rollouts/12#top'])(
    'when returnTo is the console path %s, then it is followed',
    (path) => expect(isConsoleReturnPath(path)).toBe(true),
  );

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'evil.example',
    'javascript:alert(1)',
    '/auth/oidc/oidc/login',
    '/api/docs',
    '/ok\nSet-Cookie: x',
    '',
  ])('when returnTo is %j, then it is ignored', (path) => expect(isConsoleReturnPath(path)).toBe(false));

  it('when any returnTo is accepted, then a URL built on the console origin stays on that origin (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (tail) => {
        const candidate = `/${tail}`;
        if (!isConsoleReturnPath(candidate)) return;
        expect(new URL(candidate, 'https://console.example').origin).toBe('https://console.example');
      }),
    );
  });
});

describe('issuerUrlProblem and isLoopbackHost', () => {
  it('when the issuer is https or http on loopback, then it is accepted', () => {
    expect(issuerUrlProblem('https://login.example.com/realms/fleet')).toBeNull();
    expect(issuerUrlProblem('http://127.0.0.1:4011')).toBeNull();
    expect(issuerUrlProblem('http://localhost:4011')).toBeNull();
    expect(issuerUrlProblem('http://[::1]:4011')).toBeNull();
  });

  it('when the issuer is http elsewhere, not a URL or has a query, then it is refused', () => {
    expect(issuerUrlProblem('http://idp.example.com')).toMatch(/https/);
    expect(issuerUrlProblem('http://localhost.evil.example')).toMatch(/https/);
    expect(issuerUrlProblem('ftp://idp.example.com')).toMatch(/https/);
    expect(issuerUrlProblem('not a url')).toMatch(/not a URL/);
    expect(issuerUrlProblem('https://idp.example.com/?x=1')).toMatch(/query/);
    expect(issuerUrlProblem('https://idp.example.com/realms/x#top')).toMatch(/fragment/);
    expect(issuerUrlProblem('http://user:pw@localhost:4011')).toMatch(/credentials/);
    expect(issuerUrlProblem('https://')).toMatch(/not a URL/);
  });

  it('when host names are checked, then only loopback ones are loopback', () => {
    expect(isLoopbackHost('127.0.0.53')).toBe(true);
    expect(isLoopbackHost('LOCALHOST')).toBe(true);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
    expect(isLoopbackHost('127.0.0.1.nip.io')).toBe(false);
  });
});
