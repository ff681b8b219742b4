import { Button, Layout, Typography } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { SHELL_TEXTS } from '../texts';
import { AccountMenu } from './account-menu';
import { AlertsBell } from './alerts-bell';
import { SerialSearch } from './serial-search';

/** The top bar, shown only when signed in (console-core §2). */
export function TopBar({ onMenu, drawerOpen }: { onMenu: () => void; drawerOpen: boolean }) {
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        padding: '0 16px',
        background: '#fff',
        borderBottom: '1px solid #f0f0f0',
        position: 'sticky',
        top: 0,
        zIndex: 20,
      }}
    >
      <Button
        type="text"
        icon={<MenuOutlined />}
        aria-label={SHELL_TEXTS.menu}
        aria-expanded={drawerOpen}
        onClick={onMenu}
      />
      <Typography.Title level={4} style={{ margin: 0, whiteSpace: 'nowrap' }}>
        {SHELL_TEXTS.title}
      </Typography.Title>
      <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
        {SHELL_TEXTS.version}
      </Typography.Text>
      <div style={{ flex: 1 }} />
      <SerialSearch />
      <AlertsBell />
      <AccountMenu />
    </Layout.Header>
  );
}
