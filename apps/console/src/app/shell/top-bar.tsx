import { Button, Layout, Typography } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import type { ScreenSize } from '../../shared/responsive';
import { SHELL_TEXTS } from '../texts';
import { AccountMenu } from './account-menu';
import { AlertsBell } from './alerts-bell';
import { SerialSearch } from './serial-search';

/**
 * The top bar, shown only when signed in (console-core §2). Below the desktop width it keeps the menu, the
 * search, the bell and the account menu on screen: the version and the user's name give way, and on a phone
 * the search is an icon that opens it over the whole bar.
 */
export function TopBar({
  onMenu,
  drawerOpen,
  size = 'desktop',
}: {
  onMenu: () => void;
  drawerOpen: boolean;
  size?: ScreenSize;
}) {
  const phone = size === 'phone';
  return (
    <Layout.Header
      className="top-bar"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: phone ? 4 : 12,
        padding: phone ? '0 8px' : '0 16px',
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
      <Typography.Title
        level={phone ? 5 : 4}
        ellipsis
        style={{ margin: 0, whiteSpace: 'nowrap', minWidth: 0, flexShrink: 1 }}
      >
        {SHELL_TEXTS.title}
      </Typography.Title>
      {size === 'desktop' && (
        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
          {SHELL_TEXTS.version}
        </Typography.Text>
      )}
      <div style={{ flex: 1 }} />
      <SerialSearch compact={phone} />
      <AlertsBell />
      <AccountMenu showName={size === 'desktop'} />
    </Layout.Header>
  );
}
