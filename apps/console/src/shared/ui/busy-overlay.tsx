import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { SHARED_TEXTS } from '../texts';
import { selectBusy } from './ui-slice';

/**
 * The busy overlay of console-core §2: while the live channel's first load runs, it covers the routed
 * content (which stays mounted underneath, so nothing jumps when it lifts).
 */
export function BusyOverlay({ children }: { children: ReactNode }) {
  const busy = useSelector(selectBusy);
  return (
    <div style={{ position: 'relative', minHeight: '100%' }}>
      <div aria-hidden={busy || undefined} style={{ visibility: busy ? 'hidden' : undefined }}>
        {children}
      </div>
      {busy && (
        <div
          role="progressbar"
          aria-label={SHARED_TEXTS.busy}
          aria-busy="true"
          style={{
            position: 'absolute',
            inset: 0,
            minHeight: 240,
            display: 'flex',
            alignItems: 'flex-start',
            justifyContent: 'center',
            paddingTop: 120,
            zIndex: 10,
          }}
        >
          <Spin size="large" />
        </div>
      )}
    </div>
  );
}
