import { Tag } from 'antd';
import type { AlertSeverity } from '@equipment-dashboard/domain';
import { ALERT_SHARED_TEXTS as T } from './texts';

const COLOURS = {
  critical: 'red',
  major: 'volcano',
  minor: 'gold',
  warning: 'blue',
} as const satisfies Record<AlertSeverity, string>;

/** An alert's or a rule's severity as a tag: its word says it, the colour only repeats it. */
export function SeverityTag({ severity }: { severity: AlertSeverity }) {
  return (
    <Tag color={COLOURS[severity]} data-colour={COLOURS[severity]}>
      {T.severityLabels[severity]}
    </Tag>
  );
}
