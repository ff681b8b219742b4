import { ROLES } from '../permissions/permissions';
import { BULK_ACTION_KINDS, bulkActionsFor, mayReadBulkAction, mayRunBulkAction } from './bulk-actions';

describe('bulk actions', () => {
  it('when a role that may stage and send commands asks, then it gets every action in menu order', () => {
    expect(bulkActionsFor('tech')).toEqual([...BULK_ACTION_KINDS]);
    expect(bulkActionsFor('admin')).toEqual([...BULK_ACTION_KINDS]);
  });

  it('when guest or an unknown role asks, then it gets none, not even My Radar', () => {
    expect(bulkActionsFor('guest')).toEqual([]);
    expect(bulkActionsFor(undefined)).toEqual([]);
    expect(mayRunBulkAction('guest', 'addToRadar')).toBe(false);
  });

  it('when any role asks, then an action is allowed exactly when the role holds bulkActions and its own permission', () => {
    for (const role of ROLES)
      for (const kind of BULK_ACTION_KINDS)
        expect(mayRunBulkAction(role, kind)).toBe(bulkActionsFor(role).includes(kind));
  });

  it('when a job is read, then only its creator and admins may read it', () => {
    const job = { createdBy: 'sito' };
    expect(mayReadBulkAction({ username: 'sito', role: 'tech' }, job)).toBe(true);
    expect(mayReadBulkAction({ username: 'admin', role: 'admin' }, job)).toBe(true);
    expect(mayReadBulkAction({ username: 'support', role: 'support' }, job)).toBe(false);
    expect(mayReadBulkAction({ username: 'engineer', role: 'engineer' }, job)).toBe(false);
  });
});
