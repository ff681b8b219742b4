import { Button, Dropdown } from 'antd';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { changePasswordOpened } from '../../features/auth/change-password-slice';
import { selectUser } from '../../shared/session/session-slice';
import { logout } from '../../shared/session/sign-out';
import { useAppDispatch, useAppSelector } from '../store';
import { SHELL_TEXTS } from '../texts';

/** The account menu of the top bar: Change Password and Logout (console-core §2). */
export function AccountMenu() {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          { key: 'change-password', label: SHELL_TEXTS.changePassword },
          { type: 'divider' },
          { key: 'logout', label: SHELL_TEXTS.logout },
        ],
        onClick: ({ key }) => {
          if (key === 'change-password') dispatch(changePasswordOpened());
          if (key === 'logout') logout();
        },
      }}
    >
      <Button type="text" aria-label={SHELL_TEXTS.account} style={{ color: 'inherit' }}>
        <UserOutlined />
        <span>{user?.username}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
