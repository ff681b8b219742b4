import fc from 'fast-check';
import semver from 'semver';
import {
  compareVersions,
  compareVersionsListed,
  isAtLeast,
  isOlderThan,
  isParsableVersion,
  parseVersion,
  semanticOf,
  versionColour,
  versionLabel,
} from './version';

const sign = (n: number) => (n > 0 ? 1 : n < 0 ? -1 : 0);

/** Valid semver strings, with and without pre-release tags. */
const semverArb = fc
  .tuple(
    fc.nat({ max: 30 }),
    fc.nat({ max: 30 }),
    fc.nat({ max: 30 }),
    fc.option(fc.constantFrom('alpha', 'beta', 'rc.1', 'rc.2', '1'), { nil: undefined }),
  )
  .map(([major, minor, patch, pre]) => `${major}.${minor}.${patch}${pre === undefined ? '' : `-${pre}`}`);

/** Any version-ish text: valid, short, suffixed, or garbage. */
const anyVersionArb = fc.oneof(
  semverArb,
  semverArb.map((v) => `${v}_build 7`),
  fc.tuple(fc.nat({ max: 9 }), fc.nat({ max: 9 })).map(([a, b]) => `${a}.${b}`),
  fc.string(),
);

describe('semanticOf', () => {
  it('when the version has an underscore suffix, then only the part before it is used', () => {
    // console-core §5: the semantic part of the version before the first underscore or space
    expect(semanticOf('5.2.0_release candidate')).toBe('5.2.0');
  });

  it('when the version has a space suffix, then only the part before it is used', () => {
    // console-core §5: the semantic part of the version before the first underscore or space
    expect(semanticOf('  4.3.1 (field build)')).toBe('4.3.1');
  });

  it('when the version is plain, then it is returned trimmed', () => {
    // console-core §5: the semantic part of the version
    expect(semanticOf(' 1.2.0 ')).toBe('1.2.0');
  });

  it('when the value is not a string, then it gives an empty string', () => {
    // console-core §5: gating never fails on bad data from the server
    expect(semanticOf(undefined as unknown as string)).toBe('');
  });
});

describe('parseVersion', () => {
  it('when the version is short, then it is padded like semver', () => {
    // console-core §9: versions compare with semver; '4.3' reads as 4.3.0 (decision)
    expect(parseVersion('4.3')).toBe('4.3.0');
    expect(parseVersion('4')).toBe('4.0.0');
    expect(parseVersion('4.3-beta')).toBe('4.3.0-beta');
  });

  it('when the version is a pre-release, then the pre-release is kept', () => {
    // console-core §9: versions compare with semver; 5.0.0-beta stays a pre-release (decision)
    expect(parseVersion('5.0.0-beta')).toBe('5.0.0-beta');
  });

  it('when the version is text or has four numbers, then it cannot be read', () => {
    // console-core §9: versions compare with semver; no guessing from buried numbers (decision)
    expect(parseVersion('abc4.3')).toBeNull();
    expect(parseVersion('4.3.0.1')).toBeNull();
    expect(parseVersion('')).toBeNull();
    expect(isParsableVersion('unknown')).toBe(false);
  });
});

describe('compareVersions', () => {
  it('when comparing 2.10.0 with 2.9.0, then 2.10.0 is newer (a string compare gets it wrong)', () => {
    // CONVENTIONS: compare versions with semver, never as strings
    expect(compareVersions('2.10.0', '2.9.0')).toBe(1);
    expect(compareVersions('2.9.0', '2.10.0')).toBe(-1);
    expect('2.10.0' < '2.9.0').toBe(true);
  });

  it('when a version carries a suffix, then only its semantic part counts', () => {
    // console-core §5: the semantic part of the version before the first underscore or space
    expect(compareVersions('5.0.0_abc', '5.0.0 xyz')).toBe(0);
  });

  it('when a pre-release is compared with its release, then the pre-release is older', () => {
    // console-core §9: version colour red if below the latest; semver pre-release order (decision)
    expect(compareVersions('5.0.0-beta', '5.0.0')).toBe(-1);
  });

  it('when one version cannot be read, then it is older than every readable one', () => {
    // console-core §9: a total order; unparsable versions sort first (decision)
    expect(compareVersions('garbage', '0.0.1')).toBe(-1);
    expect(compareVersions('0.0.1', 'garbage')).toBe(1);
  });

  it('when neither version can be read, then they compare as plain strings', () => {
    // console-core §9: a total order; two unparsable versions compare as text (decision)
    expect(compareVersions('abc', 'abd')).toBe(-1);
    expect(compareVersions('abc', 'abc')).toBe(0);
  });

  it('when any two versions are compared both ways, then the signs are opposite', () => {
    // console-core §9: version comparison is a total order
    fc.assert(
      fc.property(anyVersionArb, anyVersionArb, (a, b) => {
        expect(sign(compareVersions(a, b)) + sign(compareVersions(b, a))).toBe(0);
      }),
    );
  });

  it('when a version is compared with itself, then it is equal', () => {
    // console-core §9: version comparison is a total order (reflexive)
    fc.assert(fc.property(anyVersionArb, (a) => compareVersions(a, a) === 0));
  });

  it('when three versions are ordered, then the order is transitive', () => {
    // console-core §9: version comparison is a total order (transitive)
    fc.assert(
      fc.property(anyVersionArb, anyVersionArb, anyVersionArb, (a, b, c) => {
        const [x, y, z] = [a, b, c].sort(compareVersions) as [string, string, string];
        expect(compareVersions(x, y)).toBeLessThanOrEqual(0);
        expect(compareVersions(y, z)).toBeLessThanOrEqual(0);
        expect(compareVersions(x, z)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('when both versions are valid semver, then the result agrees with semver', () => {
    // console-core §9 and CONVENTIONS: compare versions with semver
    fc.assert(
      fc.property(semverArb, semverArb, (a, b) => {
        expect(compareVersions(a, b)).toBe(semver.compare(a, b));
      }),
    );
  });
});

describe('isOlderThan and isAtLeast', () => {
  it('when the version is below the latest, then it is older', () => {
    // console-core §4: staging allowed only when the unit's version is below the family's latest
    expect(isOlderThan('5.1.9', '5.2.0')).toBe(true);
    expect(isOlderThan('5.2.0', '5.2.0')).toBe(false);
    expect(isOlderThan('5.10.0', '5.9.0')).toBe(false);
  });

  it('when the latest cannot be read, then nothing is older', () => {
    // console-core §9: red only when below a known latest (decision)
    expect(isOlderThan('1.0.0', '')).toBe(false);
  });

  it('when the version cannot be read but the latest can, then it counts as older', () => {
    // console-core §9: unparsable versions are older than every valid one (decision)
    expect(isOlderThan('unknown', '1.0.0')).toBe(true);
  });

  it('when the version meets the minimum, then isAtLeast is true', () => {
    // console-core §5: "4.3.0 or newer"
    expect(isAtLeast('4.3.0', '4.3.0')).toBe(true);
    expect(isAtLeast('4.10.0_x', '4.3.0')).toBe(true);
    expect(isAtLeast('4.2.9', '4.3.0')).toBe(false);
  });

  it('when the version cannot be read, then isAtLeast is false', () => {
    // console-core §5: a gate never opens on an unreadable version (decision)
    expect(isAtLeast('', '0.0.0')).toBe(false);
    expect(isAtLeast('n/a', '1.0.0')).toBe(false);
  });
});

describe('versionLabel', () => {
  it('when meta is present, then the label is semantic - meta', () => {
    // console-core §3: softwareVersion is semantic plus ' - meta' when meta exists
    expect(versionLabel({ semantic: '5.2.0', meta: 'Summer' })).toBe('5.2.0 - Summer');
  });

  it('when meta is empty or missing, then the label is the semantic text', () => {
    // console-core §3: ' - meta' only when meta exists
    expect(versionLabel({ semantic: '5.2.0', meta: '' })).toBe('5.2.0');
    expect(versionLabel({ semantic: '5.2.0', meta: null })).toBe('5.2.0');
    expect(versionLabel({ semantic: 'weird build' })).toBe('weird build');
  });
});

describe('versionColour', () => {
  it('when the version is older than the latest, then it is red', () => {
    // console-core §9: red if below the latest of its family
    expect(versionColour('5.1.0', '5.2.0')).toBe('red');
  });

  it('when the version is the latest or the latest is unknown, then it is green', () => {
    // console-core §9: green if up to date
    expect(versionColour('5.2.0', '5.2.0')).toBe('green');
    expect(versionColour('5.1.0', undefined)).toBe('green');
  });
});

describe('compareVersionsListed', () => {
  it('when versions share a semantic part, then they are listed by their text, and otherwise as compareVersions', () => {
    // decision: one listing order, so that every API process answers alike
    const listed = ['5.10.0', '5.1.0_hotfix', '5.1.0-beta', '5.1.0', 'garbage'].sort(compareVersionsListed);
    expect(listed).toEqual(['garbage', '5.1.0-beta', '5.1.0', '5.1.0_hotfix', '5.10.0']);
    expect(compareVersionsListed('5.1.0', '5.1.0')).toBe(0);
  });
});
