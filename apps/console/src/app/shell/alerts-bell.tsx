import { BellOutlined } from '@ant-design/icons';
import { Alert as Notice, Badge, Button, Drawer, Flex, Spin, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useReadAlertCountsQuery, useReadAlertsQuery } from '@equipment-dashboard/api-client';
import { can, PERMISSIONS } from '@equipment-dashboard/domain';
import { AlertSubjectLink } from '../../shared/alerts/alert-subject';
import { SeverityTag } from '../../shared/alerts/severity-tag';
import { formatDateTime } from '../../shared/equipment/format';
import { selectUser } from '../../shared/session/session-slice';
import { useAppSelector } from '../store';
import { SHELL_TEXTS as T } from '../texts';

/** The newest firing alerts, read while the drawer is open (the live channel keeps them current). */
function FiringAlerts({ onFollow }: { onFollow: () => void }) {
  const { data, isLoading, error } = useReadAlertsQuery({ page: 1, state: 'firing' });
  if (isLoading) return <Spin aria-label={T.alertsLoading} />;
  if (error && !data) return <Notice type="error" showIcon title={T.alertsFailed} />;
  const alerts = data?.docs ?? [];
  if (alerts.length === 0) return <Typography.Text type="secondary">{T.noFiring}</Typography.Text>;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {alerts.map((alert) => (
        <li key={alert.id} style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}>
          <Flex vertical gap={2}>
            <Flex gap={8} align="center" wrap>
              <SeverityTag severity={alert.severity} />
              <Typography.Text strong>{alert.ruleName}</Typography.Text>
            </Flex>
            <AlertSubjectLink subject={alert.subject} onFollow={onFollow} />
            <Typography.Text type="secondary">
              {T.firedAt(formatDateTime(alert.firedAt ?? alert.startedAt))}
            </Typography.Text>
          </Flex>
        </li>
      ))}
    </ul>
  );
}

/** The bell of a role that sees alerts: the count of firing, unacknowledged alerts, and a drawer of the newest. */
function LiveBell() {
  const [open, setOpen] = useState(false);
  // ALERT_COUNTS events replace this answer in the cache: the badge follows without polling.
  const { data } = useReadAlertCountsQuery();
  const count = data?.unacknowledged ?? 0;
  const close = () => setOpen(false);
  return (
    <>
      <Badge count={count} overflowCount={999} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          icon={<BellOutlined />}
          aria-label={T.alertsBell(count)}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        />
      </Badge>
      <Drawer
        open={open}
        title={T.alertsDrawer}
        placement="right"
        size={380}
        onClose={close}
        closable={{ 'aria-label': T.closeDrawer }}
        destroyOnHidden
        footer={
          <Link to="/Alerts" onClick={close}>
            {T.openAlerts}
          </Link>
        }
      >
        {open && <FiringAlerts onFollow={close} />}
      </Drawer>
    </>
  );
}

/**
 * The top bar's bell: alerts that fire and nobody acknowledged. Roles that see alerts get the live count and the drawer; the others (guest) keep
 * the spec's icon without behaviour, so the top bar looks the same for everyone.
 */
export function AlertsBell() {
  const role = useAppSelector(selectUser)?.role;
  if (!can(role, PERMISSIONS.viewAlerts)) {
    return <Button type="text" icon={<BellOutlined />} aria-label={T.notifications} />;
  }
  return <LiveBell />;
}
