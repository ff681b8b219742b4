import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { DASHBOARD_TEXTS } from './texts';

interface PanelProps {
  title: string;
  extra?: ReactNode;
  /** True until the first answer: the card shows a skeleton of its own size. */
  loading?: boolean;
  /** The read failed (console-core §8 ignored it silently; the panel says it has nothing instead). */
  failed?: boolean;
  children: ReactNode;
  minHeight?: number;
}

/** One dashboard card, named by its title for screen readers and tests. */
export function Panel({ title, extra, loading, failed, children, minHeight }: PanelProps) {
  return (
    <Card
      title={title}
      extra={extra}
      loading={loading}
      role="region"
      aria-label={title}
      aria-busy={loading || undefined}
      size="small"
      style={{ height: '100%' }}
      styles={{ body: { minHeight } }}
    >
      {failed ? <Typography.Text type="secondary">{DASHBOARD_TEXTS.notAvailable}</Typography.Text> : children}
    </Card>
  );
}
