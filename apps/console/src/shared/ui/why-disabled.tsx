import { Tooltip } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * A control that may be disabled, with the reason (null: it is enabled) in a tooltip: a disabled control takes no
 * pointer events, so the tooltip listens on a span around it, there in both states so the control is not remounted.
 */
export function WhyDisabled({
  reason,
  style,
  children,
}: {
  reason: string | null;
  /** The wrapper's own style (its place among its neighbours). */
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <Tooltip title={reason ?? undefined}>
      <span style={{ display: 'inline-block', ...style }}>{children}</span>
    </Tooltip>
  );
}
