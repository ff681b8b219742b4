import { Button, Flex, Tabs } from 'antd';
import { CalendarOutlined, PlusOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  can,
  FAMILIES,
  PERMISSIONS,
  versionLabel,
  type Family,
  type Permission,
} from '@equipment-dashboard/domain';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { ScreenCard } from '../../shared/back-office/screen-card';
import { preloadCharts } from '../../shared/charts';
import { preloadSeriesCharts } from '../../shared/charts/series';
import { selectUser } from '../../shared/session/session-slice';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { useFamilyReads } from '../../shared/updates/use-family-reads';
import { CreateUpdateDialog } from './create-update-dialog';
import { FamilyCards } from './family-cards';
import { ScheduleDialog } from './schedule-dialog';
import { SOFTWARE_TEXTS as T } from './texts';

/** Who may publish each family's updates (back-office §6: admin and engineer). */
const CREATE_PERMISSION: Record<Family, Permission> = {
  aligner: PERMISSIONS.createSoftwareUpdate,
  gtps: PERMISSIONS.createGtpsUpdate,
  'aligner-oasis': PERMISSIONS.createOasisUpdate,
};

type Dialog = { kind: 'create'; family: Family } | { kind: 'schedule' };

const isFamily = (value: string | null): value is Family =>
  value !== null && (FAMILIES as readonly string[]).includes(value);

/**
 * Software Versions, /SoftwareUpdates (back-office §2.2): a tab per family whose title carries the
 * family's latest version, each with the Staged Updates and Installed Versions cards, and the buttons
 * that publish updates and schedule aligner updates (admin and engineer). The open tab is in the URL
 * (`?tab=gtps`). Decision: the three Create buttons stay in the screen's toolbar whatever the tab;
 * Schedule Aligner Updates shows on the Aligners tab only, as the spec says.
 */
export function SoftwareUpdatesPage() {
  const [search, setSearch] = useSearchParams();
  const tabParam = search.get('tab');
  const tab: Family = isFamily(tabParam) ? tabParam : 'aligner';
  const role = useAppSelector(selectUser)?.role;
  const dispatch = useAppDispatch();
  const reads = useFamilyReads();
  const [dialog, setDialog] = useState<Dialog | null>(null);

  // The charts draw once their data arrives; fetch their code meanwhile.
  useEffect(() => {
    preloadCharts();
    preloadSeriesCharts();
  }, []);

  const selectTab = (key: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (key === 'aligner') next.delete('tab');
        else next.set('tab', key);
        return next;
      },
      { replace: true },
    );

  const toolbar = (
    <Flex gap={8} wrap>
      {FAMILIES.filter((family) => can(role, CREATE_PERMISSION[family])).map((family) => (
        <Button
          key={family}
          icon={<PlusOutlined aria-hidden />}
          onClick={() => setDialog({ kind: 'create', family })}
        >
          {T.createUpdate(family)}
        </Button>
      ))}
      {tab === 'aligner' && can(role, PERMISSIONS.scheduleUpdates) && (
        <Button icon={<CalendarOutlined aria-hidden />} onClick={() => setDialog({ kind: 'schedule' })}>
          {T.scheduleUpdates}
        </Button>
      )}
    </Flex>
  );

  const close = () => setDialog(null);

  return (
    <>
      <ScreenCard title={T.title} extra={toolbar}>
        <Tabs
          activeKey={tab}
          onChange={selectTab}
          items={FAMILIES.map((family) => {
            const latest = reads[family].latest.data;
            return {
              key: family,
              label: T.tabTitle(T.tabs[family], latest ? versionLabel(latest) : null),
              children: <FamilyCards family={family} reads={reads[family]} />,
            };
          })}
        />
      </ScreenCard>
      {dialog?.kind === 'create' && (
        <CreateUpdateDialog
          key={dialog.family}
          family={dialog.family}
          onClose={close}
          onPublished={(family, version) => {
            close();
            dispatch(snackbarShown(T.published(family, version)));
          }}
        />
      )}
      {dialog?.kind === 'schedule' && (
        <ScheduleDialog
          latest={reads.aligner.latest.data ?? null}
          onClose={close}
          onScheduled={(count, date) => {
            close();
            dispatch(snackbarShown(T.scheduled(count, date)));
          }}
        />
      )}
    </>
  );
}
