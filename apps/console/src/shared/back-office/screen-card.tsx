import { Button, Card, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTabSearch } from './use-tab-search';

/** A screen's card: its title is the name of the region that assistive technology announces. */
export function ScreenCard({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card title={title} extra={extra} role="region" aria-label={title}>
      {children}
    </Card>
  );
}

/** The primary button of a list that makes a new entry (Create New User, Create Notification ...). */
export function CreateButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onClick}>
      {label}
    </Button>
  );
}

/** A tab of a {@link TabbedScreen}: its key in the URL, its label, and what it shows. */
export interface ScreenTab<K extends string> {
  key: K;
  label: string;
  children: ReactNode;
}

/**
 * A screen of tabs that each hold a list: the open tab is in the URL (`useTabSearch`; the first tab
 * leaves it out), and only the open tab is mounted, so only its list reads the URL's page and filters.
 */
export function TabbedScreen<K extends string>({
  title,
  tabs,
}: {
  title: string;
  tabs: readonly ScreenTab<K>[];
}) {
  const keys = tabs.map((tab) => tab.key);
  const [tab, setTab] = useTabSearch(keys, keys[0] as K);
  return (
    <ScreenCard title={title}>
      <Tabs activeKey={tab} onChange={(key) => setTab(key as K)} destroyOnHidden items={[...tabs]} />
    </ScreenCard>
  );
}
