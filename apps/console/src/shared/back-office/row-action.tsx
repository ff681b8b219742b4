import { Button, Tooltip, type TableColumnType } from 'antd';
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

/** One icon button of a row's Actions cell; `shown: false` leaves it out (a role or a state without it). */
export interface RowActionSpec {
  label: string;
  tooltip?: ReactNode;
  icon: ReactNode;
  danger?: boolean;
  shown?: boolean;
  onClick: () => void;
}

/** The Actions column of a back-office table: the row's icon buttons on one line. */
export function actionsColumn<Row>(
  title: string,
  width: number,
  actionsOf: (row: Row) => RowActionSpec[],
): TableColumnType<Row> {
  return {
    key: 'actions',
    title,
    width,
    render: (_value, row) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        {actionsOf(row)
          .filter((action) => action.shown !== false)
          .map((action) => (
            <RowAction key={action.label} {...action} />
          ))}
      </span>
    ),
  };
}
