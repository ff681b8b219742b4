import { Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { type Notification } from '@equipment-dashboard/contract';
import { useReadNotificationsQuery } from '@equipment-dashboard/api-client';
import { can, PERMISSIONS } from '@equipment-dashboard/domain';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { CreateButton, ScreenCard } from '../../shared/back-office/screen-card';
import { ServerList } from '../../shared/back-office/server-list';
import { NO_FILTERS } from '../../shared/back-office/use-list-search';
import { useServerList } from '../../shared/back-office/use-server-list';
import { formatDateTime } from '../../shared/equipment/format';
import { selectUser } from '../../shared/session/session-slice';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { NotificationWizard } from './notification-wizard';
import { NOTIFICATIONS_TEXTS as T } from './texts';

const placeOf = ({ target }: Notification) =>
  [target.country, target.region, target.city].filter((part): part is string => Boolean(part)).join(' / ');

/**
 * Notifications (back-office §2.6): a read-only, server-paged table and the Create Notification wizard.
 * Decision: the button shows for the roles that may create notifications (admin, engineer: the roles of
 * the Notifications / Ads drawer entry); others who open the route see the table only. Begins and Ends
 * are local times (back-office §9); hovering the target type shows the target.
 */
export function NotificationsPage() {
  const me = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const mayCreate = can(me?.role, PERMISSIONS.notificationsCreate);
  const list = useServerList(useReadNotificationsQuery, NO_FILTERS);
  const [creating, setCreating] = useState(false);

  const columns: TableColumnsType<Notification> = [
    { key: 'name', title: T.name, dataIndex: 'name' },
    { key: 'path', title: T.path, dataIndex: 'resourcePath' },
    { key: 'mimeType', title: T.mimeType, dataIndex: 'mimeType' },
    { key: 'begins', title: T.begins, render: (_value, n) => formatDateTime(n.beginsOn) },
    { key: 'ends', title: T.ends, render: (_value, n) => formatDateTime(n.endsOn) },
    {
      key: 'targetType',
      title: T.targetType,
      render: (_value, n) => (
        <Tooltip title={T.target(n.target.family, placeOf(n))}>
          <span>{n.targetType}</span>
        </Tooltip>
      ),
    },
  ];

  return (
    <>
      <ScreenCard
        title={T.title}
        extra={mayCreate && <CreateButton label={T.createNotification} onClick={() => setCreating(true)} />}
      >
        <ServerList<Notification> {...list} columns={columns} scroll={{ x: 900 }} />
      </ScreenCard>
      {creating && (
        <NotificationWizard
          onClose={() => setCreating(false)}
          onCreated={(name) => {
            setCreating(false);
            dispatch(snackbarShown(T.created(name)));
          }}
        />
      )}
    </>
  );
}
