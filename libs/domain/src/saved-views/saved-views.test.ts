import { mayDeleteView, maySeeView } from './saved-views';

describe('saved views', () => {
  const view = { owner: 'tech', shared: false };

  it('when a view is private, then only its owner sees it; shared, everyone does', () => {
    expect(maySeeView({ username: 'tech' }, view)).toBe(true);
    expect(maySeeView({ username: 'support' }, view)).toBe(false);
    expect(maySeeView({ username: 'support' }, { ...view, shared: true })).toBe(true);
  });

  it('when a view is deleted, then its owner or an admin may, nobody else, and a guest owner may not', () => {
    expect(mayDeleteView({ username: 'tech', role: 'tech' }, view)).toBe(true);
    expect(mayDeleteView({ username: 'admin', role: 'admin' }, view)).toBe(true);
    expect(mayDeleteView({ username: 'engineer', role: 'engineer' }, view)).toBe(false);
    expect(mayDeleteView({ username: 'tech', role: 'guest' }, view)).toBe(false);
  });
});
