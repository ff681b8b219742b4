import fc from 'fast-check';
import {
  MESSAGE_TABS,
  canSaveMessage,
  clampEndToStart,
  isIsoDay,
  messageDispositionAt,
  messageListQuery,
  messageTabsFor,
  mayReadMessage,
  mayReadOthersDrafts,
  messageProblems,
  messageScheduleUtc,
  messageTransitions,
  type MessageDraft,
} from './messages';

const today = '2025-03-10';
const good: MessageDraft = {
  header: 'Spring offer',
  body: 'New targets are available.',
  callToAction: 'Call your dealer',
  market: 'US',
  startDate: '2025-03-10',
  endDate: '2025-03-31',
};

describe('messageProblems', () => {
  it('when every field is set within its limits, then there are no problems and it can be saved', () => {
    // back-office §5: Header, body, call to action, market and both dates are required
    expect(messageProblems(good, today)).toEqual({});
    expect(canSaveMessage(good, today)).toBe(true);
  });

  it('when fields are missing, then each reads Required', () => {
    // back-office §5: The field message is 'Required'. Save is disabled until all are set.
    expect(messageProblems({}, today)).toEqual({
      header: 'Required',
      body: 'Required',
      callToAction: 'Required',
      market: 'Required',
      startDate: 'Required',
      endDate: 'Required',
    });
    expect(messageProblems({ ...good, header: '   ', startDate: null }, today)).toEqual({
      header: 'Required',
      startDate: 'Required',
    });
    expect(canSaveMessage({ ...good, market: '' }, today)).toBe(false);
  });

  it('when the header has 76 characters or the body 201, then the limit is named', () => {
    // back-office §5: Header is at most 75 characters. Body and call to action are at most 200 each.
    expect(messageProblems({ ...good, header: 'h'.repeat(75) }, today)).toEqual({});
    expect(messageProblems({ ...good, header: 'h'.repeat(76) }, today)).toEqual({
      header: 'At most 75 characters.',
    });
    expect(messageProblems({ ...good, body: 'b'.repeat(201), callToAction: 'c'.repeat(201) }, today)).toEqual(
      {
        body: 'At most 200 characters.',
        callToAction: 'At most 200 characters.',
      },
    );
  });

  it('when the start date is before today, then it is refused', () => {
    // back-office §5: The start date must be today or later.
    expect(messageProblems({ ...good, startDate: '2025-03-09' }, today)).toEqual({
      startDate: 'The start date must be today or later.',
    });
  });

  it('when the end date is before the start date, then it is refused', () => {
    // back-office §5: The end date must be on or after the start date.
    expect(messageProblems({ ...good, startDate: '2025-03-12', endDate: '2025-03-11' }, today)).toEqual({
      endDate: 'The end date must be on or after the start date.',
    });
    expect(messageProblems({ ...good, startDate: '2025-03-12', endDate: '2025-03-12' }, today)).toEqual({});
  });

  it('when a date is not a real day, then it asks for YYYY-MM-DD', () => {
    // back-office §5: both dates are required (decision: must be real calendar days)
    expect(messageProblems({ ...good, endDate: '2025-02-30' }, today)).toEqual({
      endDate: 'Enter a date as YYYY-MM-DD.',
    });
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2025-02-29')).toBe(false);
  });
});

describe('dates', () => {
  it('when the start moves past the end, then the end becomes the start', () => {
    // back-office §5: If the start moves past the end, the end is set to the start.
    expect(clampEndToStart('2025-04-02', '2025-04-01')).toBe('2025-04-02');
    expect(clampEndToStart('2025-04-01', '2025-04-02')).toBe('2025-04-02');
    expect(clampEndToStart('2025-04-01', null)).toBeNull();
  });

  it('when any start and end are clamped, then the end is never before the start', () => {
    // back-office §5: If the start moves past the end, the end is set to the start.
    const day = fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, (start, end) => {
        const clamped = clampEndToStart(start, end);
        expect(clamped !== null && clamped >= start).toBe(true);
      }),
    );
  });

  it('when a message is created, then the schedule is the start of the first day and the end of the last day in UTC', () => {
    // back-office §5: On create, the dates are sent as the start of the start day and the end of the end day, in UTC.
    expect(messageScheduleUtc('2025-03-10', '2025-03-31')).toEqual({
      startDate: '2025-03-10T00:00:00.000Z',
      endDate: '2025-03-31T23:59:59.999Z',
    });
    expect(() => messageScheduleUtc('10/3/2025', '2025-03-31')).toThrow(RangeError);
  });
});

describe('tabs', () => {
  it('when the tabs are listed, then they are the seven of the spec in order', () => {
    // back-office §2.7: Tabs: My Drafts, Other Drafts, Pending Approval, Upcoming, Active, Completed, Deleted.
    expect(MESSAGE_TABS.map((t) => t.label)).toEqual([
      'My Drafts',
      'Other Drafts',
      'Pending Approval',
      'Upcoming',
      'Active',
      'Completed',
      'Deleted',
    ]);
  });

  it.each([
    ['myDrafts', { filterIssuerUsername: 'ann', invert: false, filterDisposition: 'draft' }],
    ['otherDrafts', { filterIssuerUsername: 'ann', invert: true, filterDisposition: 'draft' }],
    ['pendingApproval', { filterDisposition: 'pending approval' }],
    ['upcoming', { filterDisposition: 'upcoming' }],
    ['active', { filterIssuerUsername: '', invert: false, filterDisposition: 'active' }],
    ['completed', { filterIssuerUsername: '', invert: false, filterDisposition: 'completed' }],
    ['deleted', { filterIssuerUsername: '', invert: false, filterDisposition: 'deleted' }],
  ] as const)('when the %s tab is listed, then its query follows the per-tab filters', (tab, query) => {
    // back-office §7.4: Message list filters per tab
    expect(messageListQuery(tab, 'ann')).toEqual(query);
  });

  it('when rows are shown, then My Drafts edits and deletes, Pending Approval approves, others view', () => {
    // back-office §2.7: Row actions
    expect(MESSAGE_TABS.map((t) => [t.key, [...t.actions]])).toEqual([
      ['myDrafts', ['edit', 'delete']],
      ['otherDrafts', ['view']],
      ['pendingApproval', ['view', 'approve']],
      ['upcoming', ['view']],
      ['active', ['view']],
      ['completed', ['view']],
      ['deleted', ['view']],
    ]);
  });
});

describe('disposition flow', () => {
  it('when the dialog buttons are used, then save drafts, submit asks approval and approve schedules', () => {
    // back-office §4: Save sets draft. Save and Submit sets pending approval. Save and Approve sets upcoming.
    expect(messageTransitions).toMatchObject({
      save: 'draft',
      submit: 'pending approval',
      approve: 'upcoming',
    });
    expect(messageTransitions.delete).toBe('deleted');
  });

  it('when an approved message reaches its dates, then it is upcoming, active, then completed', () => {
    // back-office §4: how a message moves from upcoming to active or completed is not shown (decision: by its dates)
    const schedule = messageScheduleUtc('2025-03-10', '2025-03-31');
    expect(messageDispositionAt(schedule, 'upcoming', new Date('2025-03-09T23:59:59.999Z'))).toBe('upcoming');
    expect(messageDispositionAt(schedule, 'upcoming', new Date('2025-03-10T00:00:00.000Z'))).toBe('active');
    expect(messageDispositionAt(schedule, 'active', new Date('2025-03-31T23:59:59.999Z'))).toBe('active');
    expect(messageDispositionAt(schedule, 'active', new Date('2025-04-01T00:00:00.000Z'))).toBe('completed');
  });

  it('when a message is not approved, then time does not move it', () => {
    // back-office §4: only approved messages are scheduled (decision)
    const schedule = messageScheduleUtc('2025-03-10', '2025-03-31');
    for (const disposition of ['draft', 'pending approval', 'deleted'] as const) {
      expect(messageDispositionAt(schedule, disposition, new Date('2025-03-15T00:00:00Z'))).toBe(disposition);
    }
    expect(messageDispositionAt({ startDate: 'x', endDate: 'y' }, 'upcoming', new Date())).toBe('upcoming');
  });
});

describe('who reads drafts', () => {
  const draft = { issuerUsername: 'tech', disposition: 'draft' as const };

  it('when a draft is read, then only its issuer and the roles that approve messages may read it', () => {
    expect(mayReadMessage({ username: 'tech', role: 'tech' }, draft)).toBe(true);
    expect(mayReadMessage({ username: 'engineer', role: 'engineer' }, draft)).toBe(true);
    expect(mayReadMessage({ username: 'admin', role: 'admin' }, draft)).toBe(true);
    expect(mayReadMessage({ username: 'support', role: 'support' }, draft)).toBe(false);
    expect(mayReadMessage({ username: 'guest', role: 'guest' }, draft)).toBe(false);
  });

  it("when roles are asked about others' drafts, then exactly the approvers may read them", () => {
    expect(
      ['admin', 'engineer', 'support_lvl2', 'support', 'ezadas', 'tech', 'guest'].filter(mayReadOthersDrafts),
    ).toEqual(['admin', 'engineer']);
  });

  it('when a message is past draft, then every role may read it', () => {
    for (const disposition of ['pending approval', 'upcoming', 'active', 'completed', 'deleted'] as const) {
      expect(
        mayReadMessage({ username: 'guest', role: 'guest' }, { issuerUsername: 'tech', disposition }),
      ).toBe(true);
    }
  });

  it('when the tabs of a role are listed, then Other Drafts is only for approvers', () => {
    expect(messageTabsFor('engineer').map((t) => t.key)).toContain('otherDrafts');
    expect(messageTabsFor('support').map((t) => t.key)).not.toContain('otherDrafts');
    expect(messageTabsFor('support')).toHaveLength(MESSAGE_TABS.length - 1);
  });
});
