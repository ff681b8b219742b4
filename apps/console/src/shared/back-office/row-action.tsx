import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

/** An icon button of a table row: its label is the accessible name and, unless another is given, the tooltip. */
export function RowAction({
  label,
  tooltip,
  icon,
  danger,
  onClick,
}: {
  label: string;
  tooltip?: ReactNode;
  icon: ReactNode;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={tooltip ?? label}>
      <Button type="text" size="small" aria-label={label} icon={icon} danger={danger} onClick={onClick} />
    </Tooltip>
  );
}
