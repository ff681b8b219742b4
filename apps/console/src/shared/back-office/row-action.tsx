import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

/** An icon button of a table row: its label is the tooltip and the accessible name. */
export function RowAction({
  label,
  icon,
  danger,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <Button type="text" size="small" aria-label={label} icon={icon} danger={danger} onClick={onClick} />
    </Tooltip>
  );
}
