import type { ReactNode } from 'react';

/**
 * A labelled field of the signed-out forms. These forms are plain <form> elements with antd inputs
 * rather than antd Form: its validation engine, grid and tooltips are a third of the sign-in page's
 * JavaScript, and these forms validate by disabling their button (console-core §5).
 */
export function AuthField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div style={{ marginBottom: 20 }}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 6, fontWeight: 500 }}>
        {label}
      </label>
      {children}
    </div>
  );
}
