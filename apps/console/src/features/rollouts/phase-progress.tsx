import { Progress, Tooltip } from 'antd';
import type { RolloutPhase } from '@equipment-dashboard/contract';
import { ROLLOUT_UNIT_STATES } from '@equipment-dashboard/domain';
import { ROLLOUTS_TEXTS as T } from './texts';

/** Share of a phase's units that ended (done, failed or skipped), and of those that succeeded, in percent. */
export function phaseShares(phase: RolloutPhase): { ended: number; succeeded: number } {
  if (phase.total === 0) return { ended: 0, succeeded: 0 };
  const { done, failed, skipped } = phase.counts;
  const pct = (n: number) => Math.round((n / phase.total) * 1000) / 10;
  return { ended: pct(done + failed + skipped), succeeded: pct(done + skipped) };
}

/** One phase's bar: green for done or skipped, red for failed; its counts by state on hover. */
export function PhaseProgress({
  phase,
  index,
  size = 'small',
}: {
  phase: RolloutPhase;
  index: number;
  size?: 'small' | 'default';
}) {
  const { ended, succeeded } = phaseShares(phase);
  const failed = phase.counts.failed > 0;
  const counts = ROLLOUT_UNIT_STATES.map(
    (state) => `${T.unitStateLabels[state]} ${phase.counts[state]}`,
  ).join(', ');
  return (
    <Tooltip title={`${T.phaseLabel(index, phase.percent)}: ${counts}`}>
      <Progress
        aria-label={T.phaseProgress(index)}
        size={size}
        percent={ended}
        success={{ percent: succeeded }}
        status={failed ? 'exception' : ended >= 100 ? 'success' : 'active'}
        strokeColor={failed ? '#ff4d4f' : undefined}
      />
    </Tooltip>
  );
}
