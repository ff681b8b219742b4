/**
 * Bulk actions on the equipment list: what a job can do to each unit of a selection, and who may. A
 * role needs `bulkActions` and the permission of the action itself, so it gets in bulk what it could do one by
 * one. The console offers these actions and the server checks them again per chunk (the role may have changed).
 */
import { can, PERMISSIONS, type Permission, type Role } from '../permissions/permissions';

/** Stage the family's latest published update, unstage, add to My Radar, and the commands that make sense in bulk. */
export const BULK_ACTION_KINDS = [
  'stageLatest',
  'unstage',
  'addToRadar',
  'getVoltages',
  'getUsbStatus',
  'getPrinterStatus',
  'checkCloud',
] as const;
/** One of {@link BULK_ACTION_KINDS}. */
export type BulkActionKind = (typeof BULK_ACTION_KINDS)[number];

/** The permission each action needs besides `bulkActions` (null: My Radar is every role's own list). */
export const BULK_ACTION_PERMISSION: Record<BulkActionKind, Permission | null> = {
  stageLatest: PERMISSIONS.stageUpdates,
  unstage: PERMISSIONS.stageUpdates,
  addToRadar: null,
  getVoltages: PERMISSIONS.sendCommand,
  getUsbStatus: PERMISSIONS.sendCommand,
  getPrinterStatus: PERMISSIONS.sendCommand,
  checkCloud: PERMISSIONS.sendCommand,
};

/** True when the role may run the action in bulk. */
export function mayRunBulkAction(role: Role | string | null | undefined, kind: BulkActionKind): boolean {
  const permission = BULK_ACTION_PERMISSION[kind];
  return can(role, PERMISSIONS.bulkActions) && (permission === null || can(role, permission));
}

/** The actions a role may start in bulk, in menu order. */
export function bulkActionsFor(role: Role | string | null | undefined): BulkActionKind[] {
  return BULK_ACTION_KINDS.filter((kind) => mayRunBulkAction(role, kind));
}

/**
 * True when the viewer may read a job: the user who started it, or an admin. A job names its units and what was
 * done to them, so another user asking for it (ids are sequential) is answered as if it did not exist.
 */
export function mayReadBulkAction(
  viewer: { username: string; role: Role | string },
  job: { createdBy: string },
): boolean {
  return viewer.role === 'admin' || job.createdBy === viewer.username;
}
