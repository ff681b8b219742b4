import { Drawer, Layout, Menu } from 'antd';
import {
  AlertOutlined,
  BellOutlined,
  AppstoreOutlined,
  CameraOutlined,
  CarOutlined,
  CloudDownloadOutlined,
  DashboardOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  GlobalOutlined,
  HeartOutlined,
  LineChartOutlined,
  NotificationOutlined,
  RadarChartOutlined,
  ScheduleOutlined,
  DeploymentUnitOutlined,
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { canSeeNav, NAV_ENTRIES, type NavKey, type Role } from '@equipment-dashboard/domain';
import { SHELL_TEXTS } from '../texts';

const ICONS: Record<NavKey, ReactNode> = {
  dashboard: <DashboardOutlined />,
  equipment: <ToolOutlined />,
  fleetMap: <GlobalOutlined />,
  fleetHealth: <HeartOutlined />,
  radar: <RadarChartOutlined />,
  supportTickets: <AlertOutlined />,
  cameraCal: <CameraOutlined />,
  softwareUpdates: <CloudDownloadOutlined />,
  specUpdates: <FileTextOutlined />,
  updateScheduler: <ScheduleOutlined />,
  rollouts: <DeploymentUnitOutlined />,
  alerts: <BellOutlined />,
  trendChart: <LineChartOutlined />,
  easy: <CarOutlined />,
  notifications: <NotificationOutlined />,
  truPoint: <AppstoreOutlined />,
  simulator: <ExperimentOutlined />,
  users: <TeamOutlined />,
};

/** The spec's entries in its order, each only for the roles that may see it; a choice calls `onChoose`. */
function NavMenu({ role, onChoose }: { role: Role | undefined; onChoose?: () => void }) {
  const { pathname } = useLocation();
  const entries = NAV_ENTRIES.filter((entry) => canSeeNav(role, entry));
  const selected = entries.find((entry) => entry.path.toLowerCase() === pathname.toLowerCase())?.path;
  return (
    <Menu
      mode="inline"
      // Item tooltips are for a menu collapsed to its icons; this one is hidden when closed, and the 13
      // tooltips it would wrap its items in were a tenth of the shell's first render.
      tooltip={false}
      selectedKeys={selected ? [selected] : []}
      style={{ borderInlineEnd: 0, paddingTop: 8 }}
      onClick={onChoose}
      items={entries.map((entry) => ({
        key: entry.path,
        icon: ICONS[entry.key],
        label: <Link to={entry.path}>{entry.label}</Link>,
      }))}
    />
  );
}

/** The navigation drawer of a wide screen: a side panel beside the content, open or closed by the menu button. */
export function NavDrawer({ open, role }: { open: boolean; role: Role | undefined }) {
  return (
    <Layout.Sider
      width={220}
      collapsedWidth={0}
      collapsed={!open}
      trigger={null}
      theme="light"
      style={{ borderRight: '1px solid #f0f0f0' }}
    >
      <nav aria-label={SHELL_TEXTS.navigation} hidden={!open}>
        <NavMenu role={role} />
      </nav>
    </Layout.Sider>
  );
}

/**
 * The navigation drawer of a phone or a tablet: it opens over the page from the menu button and closes after a
 * choice (and whenever the page changes, a link followed elsewhere included); nothing else opens it.
 */
export function NavOverlay({
  open,
  role,
  onClose,
}: {
  open: boolean;
  role: Role | undefined;
  onClose: () => void;
}) {
  const { pathname } = useLocation();
  useEffect(() => onClose(), [pathname, onClose]);
  return (
    <Drawer
      open={open}
      placement="left"
      rootClassName="nav-overlay"
      size={280}
      title={SHELL_TEXTS.title}
      onClose={onClose}
      closable={{ 'aria-label': SHELL_TEXTS.closeMenu }}
      destroyOnHidden
      styles={{ body: { padding: 0 } }}
    >
      <nav aria-label={SHELL_TEXTS.navigation}>
        <NavMenu role={role} onChoose={onClose} />
      </nav>
    </Drawer>
  );
}
