import { Alert, Button } from 'antd';
import { useCallback, useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { ALERT_MS } from '@equipment-dashboard/domain';
import { SHARED_TEXTS } from '../texts';
import { alertClosed, selectAlerts, selectSnackbar, snackbarClosed, type Toast } from './ui-slice';

/** Closes a toast after its time on screen; a newer toast with another id restarts the clock. */
function useAutoClose(toast: Toast | null, ms: number, close: (id: number) => void): void {
  useEffect(() => {
    if (!toast) return undefined;
    const timer = setTimeout(() => close(toast.id), ms);
    return () => clearTimeout(timer);
  }, [toast, ms, close]);
}

function AlertItem({ alert, onClose }: { alert: Toast; onClose: (id: number) => void }) {
  useAutoClose(alert, ALERT_MS, onClose);
  return (
    <Alert
      type="info"
      showIcon
      title={alert.text}
      closable={{ onClose: () => onClose(alert.id), 'aria-label': SHARED_TEXTS.closeAlert }}
      style={{ boxShadow: '0 6px 16px rgba(0, 0, 0, 0.12)' }}
    />
  );
}

/**
 * The snackbar with CLOSE (bottom centre, dark; 3 seconds, or as long as its screen asks) and the
 * 10-second alert snackbars (top right, in the info colour) of console-core §2. Both float over the
 * page, so nothing below moves.
 */
export function Snackbars() {
  const dispatch = useDispatch();
  const snackbar = useSelector(selectSnackbar);
  const alerts = useSelector(selectAlerts);
  const closeSnackbar = useCallback((id: number) => dispatch(snackbarClosed(id)), [dispatch]);
  const closeAlert = useCallback((id: number) => dispatch(alertClosed(id)), [dispatch]);
  useAutoClose(snackbar, snackbar?.ms ?? 0, closeSnackbar);

  return (
    <>
      {snackbar && (
        <div
          role="status"
          aria-live="polite"
          data-testid={snackbar.testId}
          style={{
            position: 'fixed',
            left: '50%',
            bottom: 24,
            transform: 'translateX(-50%)',
            zIndex: 1100,
            display: 'flex',
            alignItems: 'center',
            gap: 16,
            minWidth: 320,
            maxWidth: 'calc(100vw - 32px)',
            padding: '8px 8px 8px 16px',
            borderRadius: 6,
            background: '#323232',
            color: '#fff',
            boxShadow: '0 6px 16px rgba(0, 0, 0, 0.24)',
          }}
        >
          <span style={{ flex: 1 }}>{snackbar.text}</span>
          <Button type="link" onClick={() => closeSnackbar(snackbar.id)} style={{ color: '#69b1ff' }}>
            {SHARED_TEXTS.close}
          </Button>
        </div>
      )}
      {alerts.length > 0 && (
        <div
          role="region"
          aria-label="Alerts"
          style={{
            position: 'fixed',
            top: 72,
            right: 16,
            zIndex: 1100,
            display: 'flex',
            flexDirection: 'column',
            gap: 8,
            width: 400,
            maxWidth: 'calc(100vw - 32px)',
          }}
        >
          {alerts.map((alert) => (
            <AlertItem key={alert.id} alert={alert} onClose={closeAlert} />
          ))}
        </div>
      )}
    </>
  );
}
