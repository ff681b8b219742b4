import { z } from 'zod';
import { readAlignersQuerySchema } from './equipment';
import { readMessagesQuerySchema } from './messages';
import { enumFilterQuery, filterQuery, flagQuery, idQuery, pageQuery } from './query';
import { updateSchedulerQuerySchema } from './scheduler';
import { readTicketsQuerySchema } from './tickets';

describe('query coercion', () => {
  it("when page is '2', then it is the number 2", () => {
    expect(pageQuery.parse('2')).toBe(2);
  });

  it('when page is missing or empty, then it is page 1 (pages are 1-based)', () => {
    expect(pageQuery.parse(undefined)).toBe(1);
    expect(pageQuery.parse('')).toBe(1);
  });

  it("when page is '0', '-1', '1.5' or 'x', then it is refused", () => {
    for (const bad of ['0', '-1', '1.5', 'x', 0]) expect(pageQuery.safeParse(bad).success).toBe(false);
  });

  it("when a flag is 'true' or 'false', then it is the boolean", () => {
    expect(flagQuery.parse('true')).toBe(true);
    expect(flagQuery.parse('false')).toBe(false);
    expect(flagQuery.parse(true)).toBe(true);
  });

  it('when a flag is missing or empty, then it is false', () => {
    expect(flagQuery.parse(undefined)).toBe(false);
    expect(flagQuery.parse('')).toBe(false);
  });

  it("when a flag is 'yes' or '1', then it is refused", () => {
    expect(flagQuery.safeParse('yes').success).toBe(false);
    expect(flagQuery.safeParse('1').success).toBe(false);
  });

  it("when a filter is '' or blank, then it is undefined (no filter)", () => {
    expect(filterQuery.parse('')).toBeUndefined();
    expect(filterQuery.parse('   ')).toBeUndefined();
    expect(filterQuery.parse(undefined)).toBeUndefined();
    expect(filterQuery.parse(' ABC ')).toBe('ABC');
  });

  it("when an enumerated filter is '', then it is undefined, and an unknown value is refused", () => {
    const family = enumFilterQuery(['aligner', 'gtps']);
    expect(family.parse('')).toBeUndefined();
    expect(family.parse('gtps')).toBe('gtps');
    expect(family.safeParse('truck').success).toBe(false);
  });

  it("when an id is '42', then it is 42, and a non-number is refused", () => {
    expect(idQuery.parse('42')).toBe(42);
    expect(idQuery.safeParse('4x').success).toBe(false);
    expect(idQuery.safeParse('').success).toBe(false);
  });

  it('when a key repeats (an array of strings), then it is refused', () => {
    expect(pageQuery.safeParse(['1', '2']).success).toBe(false);
  });

  it('when the equipment list query arrives as Express strings, then it is coerced', () => {
    expect(
      readAlignersQuerySchema.parse({
        page: '3',
        filterSerialNumber: 'ABC',
        filterCountryCode: '',
        filterSoftwareVersion: '',
        filterFamily: 'gtps',
        sortBy: 'createdAt',
        sortDesc: 'true',
      }),
    ).toEqual({
      page: 3,
      filterSerialNumber: 'ABC',
      filterCountryCode: undefined,
      filterSoftwareVersion: undefined,
      filterFamily: 'gtps',
      sortBy: 'createdAt',
      sortDesc: true,
    });
  });

  it('when the equipment list query is empty, then it is page 1 with no filters', () => {
    expect(readAlignersQuerySchema.parse({})).toEqual({ page: 1, sortDesc: false });
  });

  it('when the equipment list is sorted by an unknown column, then it is refused', () => {
    expect(readAlignersQuerySchema.safeParse({ sortBy: 'password' }).success).toBe(false);
  });

  it('when the scheduler query has its two boxes ticked, then they are booleans', () => {
    const parsed = updateSchedulerQuerySchema.parse({
      onlyConnected: 'true',
      onlyStaged: 'false',
      filterState: '',
    });
    expect(parsed.onlyConnected).toBe(true);
    expect(parsed.onlyStaged).toBe(false);
    expect(parsed.filterState).toBeUndefined();
  });

  it('when Only My Tickets is ticked without a username, then it is refused', () => {
    expect(readTicketsQuerySchema.safeParse({ mine: 'true' }).success).toBe(false);
    expect(readTicketsQuerySchema.parse({ mine: 'true', username: 'jdoe', closed: 'true' })).toMatchObject({
      mine: true,
      closed: true,
      username: 'jdoe',
      page: 1,
    });
  });

  it('when the Active messages tab asks with an empty issuer, then the issuer filter is off', () => {
    expect(
      readMessagesQuerySchema.parse({
        page: '1',
        filterIssuerUsername: '',
        invert: 'false',
        filterDisposition: 'active',
      }),
    ).toEqual({ page: 1, filterIssuerUsername: undefined, invert: false, filterDisposition: 'active' });
    expect(readMessagesQuerySchema.parse({ filterDisposition: 'pending approval' }).filterDisposition).toBe(
      'pending approval',
    );
  });

  it('when a client types a query, then numbers and booleans are accepted as well as strings', () => {
    type Input = z.input<typeof readAlignersQuerySchema>;
    const typed: Input = { page: 2, sortDesc: true, filterFamily: 'aligner' };
    expect(readAlignersQuerySchema.parse(typed)).toMatchObject({
      page: 2,
      sortDesc: true,
      filterFamily: 'aligner',
    });
  });
});
