import { Button } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ALERT_MS } from '@equipment-dashboard/domain';
import { EZADAS_TEXTS as T } from './texts';

/** One message of the EZ ADAS snackbar. */
export interface EzMessage {
  id: number;
  text: string;
}

/** The EZ ADAS snackbar's state: one message at a time, a newer one replaces it and restarts the clock. */
export function useEzSnackbar() {
  const nextId = useRef(1);
  const [message, setMessage] = useState<EzMessage | null>(null);
  const notify = useCallback((text: string) => {
    const id = nextId.current;
    nextId.current += 1;
    setMessage({ id, text });
  }, []);
  const close = useCallback((id: number) => {
    setMessage((current) => (current?.id === id ? null : current));
  }, []);
  return { message, notify, close };
}

/**
 * The EZ ADAS snackbar (back-office §2.8, §9): it stays 10 seconds (ALERT_MS) and has a CLOSE button.
 * The shell's own snackbar stays 3 seconds, so the screen keeps this one.
 */
export function EzSnackbar({
  message,
  onClose,
}: {
  message: EzMessage | null;
  onClose: (id: number) => void;
}) {
  useEffect(() => {
    if (!message) return undefined;
    const timer = setTimeout(() => onClose(message.id), ALERT_MS);
    return () => clearTimeout(timer);
  }, [message, onClose]);
  if (!message) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="ezadas-snackbar"
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
      <span style={{ flex: 1 }}>{message.text}</span>
      <Button type="link" onClick={() => onClose(message.id)} style={{ color: '#69b1ff' }}>
        {T.close}
      </Button>
    </div>
  );
}
