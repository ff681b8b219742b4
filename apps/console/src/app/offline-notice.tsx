import { Alert } from 'antd';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const online = () => navigator.onLine;

/** What the notice says. */
export const OFFLINE_TEXT =
  'No connection. The console keeps no data offline: what it shows may be out of date, and changes wait for the connection.';

/**
 * Says so while the device has no connection: the shell still opens from the service worker's cache, but the console
 * keeps no data offline, so what it shows may be old and nothing can be changed until the connection is back.
 */
export function OfflineNotice() {
  const isOnline = useSyncExternalStore(subscribe, online, () => true);
  if (isOnline) return null;
  return <Alert type="warning" banner role="status" title={OFFLINE_TEXT} />;
}
