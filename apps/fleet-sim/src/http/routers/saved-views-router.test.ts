import type { SavedView } from '@equipment-dashboard/contract';
import { resolveSavedView } from '../../services/saved-views-service';
import { useTestServer } from '../../test/test-server';

const READ = '/read/saved_views/v1';
const CREATE = '/create/saved_view/v1';
const DELETE = '/delete/saved_view/v1';

describe('saved views of the lists', () => {
  const t = useTestServer({ users: ['support', 'tech', 'guest', 'admin', 'engineer'] });

  const save = (user: string, body: Record<string, unknown>) => t.as(user).post(CREATE).send(body);
  const list = async (user: string, screen: string): Promise<SavedView[]> => {
    const res = await t.as(user).get(READ).query({ screen });
    expect(res.status).toBe(200);
    return res.body as SavedView[];
  };

  it('when a user saves a private and a shared view, then they list both, others list only the shared one, with owner and flag', async () => {
    const mine = await save('support', {
      screen: 'equipment',
      name: '  EU gtps  ',
      query: {
        filterCountryCode: 'DE',
        filterFamily: 'gtps',
        sortBy: 'serialNumber',
        sortDesc: true,
        filterSerialNumber: '',
      },
    });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      screen: 'equipment',
      name: 'EU gtps',
      owner: 'support',
      shared: false,
      // Values as the URL holds them; an empty filter is no filter.
      query: { filterCountryCode: 'DE', filterFamily: 'gtps', sortBy: 'serialNumber', sortDesc: 'true' },
    });
    const shared = await save('support', {
      screen: 'equipment',
      name: 'All aligners',
      shared: true,
      query: { filterFamily: 'aligner' },
    });
    expect(shared.body.shared).toBe(true);

    expect((await list('support', 'equipment')).map((v) => v.name)).toEqual(['All aligners', 'EU gtps']);
    const seenByTech = await list('tech', 'equipment');
    expect(seenByTech.map((v) => [v.name, v.owner, v.shared])).toEqual([['All aligners', 'support', true]]);
    // Guest cannot save, but reads and applies the shared ones.
    expect((await list('guest', 'equipment')).map((v) => v.name)).toEqual(['All aligners']);
    // Another screen's list holds none of them.
    expect(await list('support', 'scheduler-gtps')).toEqual([]);
  });

  it('when a view is saved on an update scheduler list, then its list query keys are accepted there', async () => {
    const res = await save('engineer', {
      screen: 'scheduler-gtps',
      name: 'Connected, staged',
      query: { onlyConnected: 'true', onlyStaged: true, filterState: 'DOWNLOADING', sortBy: 'stagedAt' },
    });
    expect(res.status).toBe(200);
    expect((await list('engineer', 'scheduler-gtps')).map((v) => v.name)).toEqual(['Connected, staged']);
  });

  it('when a guest saves a view, then 403 (saveViews)', async () => {
    const res = await save('guest', { screen: 'equipment', name: 'Mine', query: {} });
    expect(res.status).toBe(403);
    expect(res.body.details).toEqual({ permission: 'views.save' });
  });

  it.each([
    ['a blank name', { screen: 'equipment', name: '   ', query: {} }, 'name'],
    ['a name too long', { screen: 'equipment', name: 'x'.repeat(81), query: {} }, 'name'],
    ['an unknown screen', { screen: 'radar', name: 'X', query: {} }, 'screen'],
    [
      "a key the screen's list does not take",
      { screen: 'equipment', name: 'X', query: { onlyStaged: 'true' } },
      'query.onlyStaged',
    ],
    [
      'a page (a view opens on page 1)',
      { screen: 'equipment', name: 'X', query: { page: '2' } },
      'query.page',
    ],
    [
      'a value the list refuses',
      { screen: 'equipment', name: 'X', query: { sortBy: 'color' } },
      'query.sortBy',
    ],
    [
      'an unknown family',
      { screen: 'scheduler-aligner', name: 'X', query: { filterFamily: 'toaster' } },
      'query.filterFamily',
    ],
    [
      'a nested value',
      { screen: 'equipment', name: 'X', query: { filterCountryCode: ['DE'] } },
      'query.filterCountryCode',
    ],
    ['an unknown field', { screen: 'equipment', name: 'X', query: {}, owner: 'admin' }, ''],
  ])('when a view with %s is saved, then 400 names the field', async (_what, body, field) => {
    const res = await save('support', body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.details)).toContain(field);
  });

  it('when the list is read without a known screen, then 400', async () => {
    expect((await t.as('support').get(READ)).status).toBe(400);
    expect((await t.as('support').get(READ).query({ screen: 'nope' })).status).toBe(400);
  });

  it('when another user deletes a view, then 403; its owner or an admin may; an unknown id is 404', async () => {
    const a = (await save('support', { screen: 'equipment', name: 'To go', shared: true, query: {} }))
      .body as SavedView;
    const b = (await save('support', { screen: 'equipment', name: 'Also to go', query: {} }))
      .body as SavedView;

    const refused = await t.as('tech').post(DELETE).send({ id: a.id });
    expect(refused.status).toBe(403);
    expect((await t.as('guest').post(DELETE).send({ id: a.id })).status).toBe(403);

    expect((await t.as('support').post(DELETE).send({ id: a.id })).body).toEqual({ id: a.id, deleted: true });
    expect((await t.as('admin').post(DELETE).send({ id: b.id })).body).toEqual({ id: b.id, deleted: true });
    expect((await list('support', 'equipment')).map((v) => v.id)).not.toEqual(
      expect.arrayContaining([a.id, b.id]),
    );

    const again = await t.as('support').post(DELETE).send({ id: a.id });
    expect(again.status).toBe(404);
    expect((await t.as('support').post(DELETE).send({ id: 'x' })).status).toBe(400);
  });

  it('when a view is saved or deleted, then every console hears SAVED_VIEWS_CHANGED with its screen', async () => {
    const socket = await t.live('tech');
    const saved = new Promise((resolve) => socket.once('SAVED_VIEWS_CHANGED', resolve));
    const view = (await save('support', { screen: 'scheduler-aligner', name: 'Live', query: {} }))
      .body as SavedView;
    await expect(saved).resolves.toEqual({ screen: 'scheduler-aligner' });
    const deleted = new Promise((resolve) => socket.once('SAVED_VIEWS_CHANGED', resolve));
    await t.as('support').post(DELETE).send({ id: view.id });
    await expect(deleted).resolves.toEqual({ screen: 'scheduler-aligner' });
  });

  it("when a saved view is resolved for other code, then its screen and query come back; another's private view is 404", async () => {
    const view = (
      await save('support', { screen: 'equipment', name: 'Resolve me', query: { filterFamily: 'gtps' } })
    ).body as SavedView;
    const deps = t.server.deps;
    await expect(resolveSavedView(deps, { username: 'support' }, view.id)).resolves.toEqual({
      id: view.id,
      name: 'Resolve me',
      screen: 'equipment',
      query: { filterFamily: 'gtps' },
    });
    await expect(resolveSavedView(deps, { username: 'tech' }, view.id)).rejects.toMatchObject({
      status: 404,
    });
    await expect(resolveSavedView(deps, { username: 'support' }, 999_999)).rejects.toMatchObject({
      status: 404,
    });
  });
});
