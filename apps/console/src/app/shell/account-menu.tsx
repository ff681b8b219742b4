import { Button, Dropdown } from 'antd';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { can, PERMISSIONS } from '@equipment-dashboard/domain';
import { AlertPreferencesDialog } from '../../features/alerts/alert-preferences-dialog';
import { changePasswordOpened } from '../../features/auth/change-password-slice';
import { selectUser } from '../../shared/session/session-slice';
import { logout } from '../../shared/session/sign-out';
import { useAppDispatch, useAppSelector } from '../store';
import { SHELL_TEXTS } from '../texts';

/**
 * The account menu of the top bar: Change Password and Logout (console-core §2), for the roles that see
 * alerts, Alert e-mail (which severities reach the user by e-mail, muting it for a while), and Access tokens
 * (personal tokens for scripts).
 */
export function AccountMenu({ showName = true }: { showName?: boolean }) {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [alertEmailOpen, setAlertEmailOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const seesAlerts = can(user?.role, PERMISSIONS.viewAlerts);
  // The menu item that opened the dialog is hidden with its menu: once the dialog has gone (and handed focus
  // back to that item), focus goes to the menu's button.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !alertEmailOpen) button.current?.focus();
    wasOpen.current = alertEmailOpen;
  }, [alertEmailOpen]);
  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            { key: 'change-password', label: SHELL_TEXTS.changePassword },
            ...(seesAlerts ? [{ key: 'alert-email', label: SHELL_TEXTS.alertEmail }] : []),
            { key: 'access-tokens', label: SHELL_TEXTS.accessTokens },
            { type: 'divider' as const },
            { key: 'logout', label: SHELL_TEXTS.logout },
          ],
          onClick: ({ key }) => {
            if (key === 'change-password') dispatch(changePasswordOpened());
            if (key === 'alert-email') setAlertEmailOpen(true);
            if (key === 'access-tokens') navigate('/AccessTokens');
            if (key === 'logout') void logout(dispatch);
          },
        }}
      >
        <Button ref={button} type="text" aria-label={SHELL_TEXTS.account} style={{ color: 'inherit' }}>
          <UserOutlined />
          {showName && <span>{user?.username}</span>}
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      {alertEmailOpen && <AlertPreferencesDialog onClose={() => setAlertEmailOpen(false)} />}
    </>
  );
}
