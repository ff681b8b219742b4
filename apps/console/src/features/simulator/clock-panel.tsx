import { PauseOutlined, CaretRightOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import {
  useChangeSimulatorClockMutation,
  useReadScenarioRunsQuery,
  useReadSimulatorClockQuery,
} from '@equipment-dashboard/api-client';
import { ServerErrorAlert } from '../../shared/back-office/server-error-alert';
import { useServerCall } from '../../shared/back-office/use-server-call';
import { formatSimulated } from './format-simulated';
import { pendingSteps } from './pending-steps';
import { SIMULATOR_TEXTS as T } from './texts';
import { useSimulatedNow } from './use-simulated-now';

/**
 * The simulated clock: its time ticking live and its speed; play and pause, a speed, steps of 1 min, 15 min, 1 h and
 * 1 day, and a step of any length; the pending scenario steps (soonest first) that a step past their time plays. Another
 * console's move arrives by SIMULATOR_CHANGED, which reads the clock again.
 */
export function ClockPanel() {
  const { data: clock, fulfilledTimeStamp } = useReadSimulatorClockQuery();
  const now = useSimulatedNow(clock, fulfilledTimeStamp);
  const [changeClock] = useChangeSimulatorClockMutation();
  const call = useServerCall();
  const [speed, setSpeed] = useState<number>(T.speeds[2]);
  const [customStep, setCustomStep] = useState('');
  const playing = (clock?.speed ?? 0) > 0;
  // The newest runs' pending steps: what a step of the clock past their time plays.
  const pending = pendingSteps(useReadScenarioRunsQuery({ page: 1 }).data?.docs ?? []);
  const change = (body: { speed?: number; step?: string }) => call.run(() => changeClock(body).unwrap());

  return (
    <Card title={T.clock.title} size="small" role="region" aria-label={T.clock.title}>
      <ServerErrorAlert problem={call.problem} onClose={() => call.setProblem(null)} />
      <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
        <Descriptions.Item label={T.clock.simulatedTime}>
          <span aria-live="off" data-testid="simulated-time">
            {now === undefined ? '' : formatSimulated(now)}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={T.clock.speed}>
          <span data-testid="simulated-speed">
            {clock === undefined ? '' : playing ? T.clock.speedLabel(clock.speed) : T.clock.paused}
          </span>
        </Descriptions.Item>
      </Descriptions>
      <Flex wrap gap="small" align="center">
        <Button
          type="primary"
          icon={playing ? <PauseOutlined aria-hidden /> : <CaretRightOutlined aria-hidden />}
          disabled={clock === undefined}
          loading={call.running}
          onClick={() => void change({ speed: playing ? 0 : speed })}
        >
          {playing ? T.clock.pause : T.clock.play}
        </Button>
        <Select
          aria-label={T.clock.speed}
          value={speed}
          style={{ width: 170 }}
          options={T.speeds.map((value) => ({ value, label: T.clock.speedLabel(value) }))}
          onChange={(value) => {
            setSpeed(value);
            if (playing) void change({ speed: value });
          }}
        />
        {/* Not a compact group: four buttons side by side are wider than a 360 px phone. */}
        <Flex wrap gap={4} role="group" aria-label={T.clock.steps}>
          {T.stepButtons.map(({ label, step }) => (
            <Button key={step} disabled={call.running} onClick={() => void change({ step })}>
              {label}
            </Button>
          ))}
        </Flex>
        <Space.Compact>
          <Input
            aria-label={T.clock.customStep}
            placeholder={T.clock.customStepHint}
            value={customStep}
            style={{ width: 220, maxWidth: 'calc(100vw - 120px)' }}
            onChange={(event) => setCustomStep(event.target.value)}
            onPressEnter={() => customStep.trim() && void change({ step: customStep.trim() })}
          />
          <Button
            disabled={customStep.trim() === '' || call.running}
            onClick={() => void change({ step: customStep.trim() })}
          >
            {T.clock.step}
          </Button>
        </Space.Compact>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {T.clock.pendingSteps}:
      </Typography.Paragraph>
      {pending.length === 0 ? (
        <Typography.Paragraph style={{ marginBottom: 0 }}>{T.clock.noPendingSteps}</Typography.Paragraph>
      ) : (
        <ul aria-label={T.clock.pendingSteps} style={{ marginBottom: 0 }}>
          {pending.map((step) => (
            <li key={`${step.name}/${step.dueAt}/${step.at}`}>
              {T.clock.pendingStep(step.name, step.at, formatSimulated(Date.parse(step.dueAt)))}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
