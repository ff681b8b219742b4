import { Tag } from 'antd';
import type { RolloutState } from '@equipment-dashboard/domain';
import { ROLLOUTS_TEXTS as T } from './texts';

const COLORS = {
  running: 'blue',
  paused: 'gold',
  aborted: 'volcano',
  finished: 'green',
} as const satisfies Record<RolloutState, string>;

/** A rollout's state as a coloured tag. */
export function RolloutStateTag({ state }: { state: RolloutState }) {
  return (
    <Tag color={COLORS[state]} data-colour={COLORS[state]}>
      {T.stateLabels[state]}
    </Tag>
  );
}
