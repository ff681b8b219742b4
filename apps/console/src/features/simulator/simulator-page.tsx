import { Flex } from 'antd';
import { can, PERMISSIONS } from '@equipment-dashboard/domain';
import { useAppSelector } from '../../app/store';
import { NoAccess } from '../../shared/back-office/no-access';
import { ScreenCard } from '../../shared/back-office/screen-card';
import { selectUser } from '../../shared/session/session-slice';
import { ClockPanel } from './clock-panel';
import { ScenarioEditorPanel } from './scenario-editor-panel';
import { ScenarioLibrary } from './scenario-library';
import { ScenarioTimeline } from './scenario-timeline';
import { SnapshotsPanel } from './snapshots-panel';
import { SIMULATOR_TEXTS as T } from './texts';

/**
 * The Simulator, for the roles that control the simulator (admin, engineer): the simulated clock, and the
 * scenario library with each scenario's preview and apply, and the timeline of applied scenarios with their later steps.
 */
export function SimulatorPage() {
  const role = useAppSelector(selectUser)?.role;
  if (!can(role, PERMISSIONS.simulatorControl)) return <NoAccess title={T.title} message={T.noAccess} />;
  return (
    <ScreenCard title={T.title}>
      <Flex vertical gap="middle">
        <ClockPanel />
        <ScenarioLibrary />
        <ScenarioEditorPanel />
        <ScenarioTimeline />
        <SnapshotsPanel />
      </Flex>
    </ScreenCard>
  );
}
