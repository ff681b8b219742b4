import { Button } from 'antd';
import { useNavigate } from 'react-router';
import type { CaptureSelection } from '@equipment-dashboard/contract';
import { can, PERMISSIONS, type Role } from '@equipment-dashboard/domain';
import { useCaptureScenarioMutation } from '@equipment-dashboard/api-client';
import { useAppDispatch } from '../../app/store';
import { serverProblem } from '../../shared/back-office/server-error';
import type { CapturedScenarioState } from '../../shared/simulator/captured-scenario';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { BULK_TEXTS as T } from './bulk-texts';
import type { BulkSelection } from './use-bulk-selection';

/** The bulk selection as a capture's: the rows picked, or the list's filters ("all matching"). */
function captureSelectionOf(body: BulkSelection['body']): CaptureSelection {
  return 'serials' in body ? { serials: body.serials } : { filters: body.query };
}

/**
 * "Capture as scenario" for the selection or all units matching the filters (the roles that control the simulator):
 * the server writes the scenario that puts them so again, and the Simulator's editor opens on it to name and save.
 */
export function CaptureScenarioButton({
  selection,
  role,
}: {
  selection: BulkSelection;
  role: Role | undefined;
}) {
  const [capture, { isLoading }] = useCaptureScenarioMutation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  if (!can(role, PERMISSIONS.simulatorControl)) return null;
  const run = async () => {
    try {
      const captured = await capture({ selection: captureSelectionOf(selection.body) }).unwrap();
      const state: CapturedScenarioState = { capturedScenario: captured };
      await navigate('/Simulator', { state });
    } catch (error) {
      dispatch(snackbarShown(serverProblem(error).sentence));
    }
  };
  return (
    <Button size="small" loading={isLoading} onClick={() => void run()}>
      {T.captureScenario}
    </Button>
  );
}
