/**
 * Who may use a saved view: anyone sees and applies their own and the shared ones; only the owner or an
 * admin deletes one. The console offers what the server allows with the same rules.
 */
import { can, PERMISSIONS } from '../permissions/permissions';

interface Viewer {
  username: string;
  role: string;
}
interface ViewOwnership {
  owner: string;
  shared: boolean;
}

/** True when the view is the viewer's own or shared with everyone. */
export function maySeeView(viewer: Pick<Viewer, 'username'>, view: ViewOwnership): boolean {
  return view.shared || view.owner === viewer.username;
}

/** True when the viewer may delete the view: its owner (who may save views) or an admin. */
export function mayDeleteView(viewer: Viewer, view: Pick<ViewOwnership, 'owner'>): boolean {
  return (
    viewer.role === 'admin' || (view.owner === viewer.username && can(viewer.role, PERMISSIONS.saveViews))
  );
}
