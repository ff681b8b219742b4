import { Descriptions } from 'antd';
import type { ReactNode } from 'react';

/** One labelled value of {@link TextFields}. */
export interface TextField {
  label: string;
  value: ReactNode;
}

/**
 * A record's fields one under another, labels in a column `labelWidth` wide, each value's line breaks kept (a
 * message's body, a ticket's description).
 */
export function TextFields({ fields, labelWidth }: { fields: readonly TextField[]; labelWidth: number }) {
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      styles={{ label: { width: labelWidth } }}
      items={fields.map(({ label, value }) => ({
        key: label,
        label,
        children: <span style={{ whiteSpace: 'pre-wrap' }}>{value}</span>,
      }))}
    />
  );
}
