import { Alert, Button, DatePicker, Flex, Form, Input, Statistic, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { type ScheduleByDay, type VersionRecord } from '@equipment-dashboard/contract';
import {
  useCreateScheduleSerialNumbersMutation,
  useLazyReadAlignerSerialNumbersQuery,
  useReadScheduleByDayQuery,
} from '@equipment-dashboard/api-client';
import { dayLoadColour, versionLabel, type DayLoadColour } from '@equipment-dashboard/domain';
import { serverProblem, type ServerProblem } from '../../shared/back-office/server-error';
import { ServerErrorAlert } from '../../shared/back-office/server-error-alert';
import { UpdateDialog } from '../../shared/updates/update-dialog';
import { SOFTWARE_TEXTS as T } from './texts';

/** The calendar day as the schedule call and schedule_by_day name it (`YYYY-MM-DD`). */
const DAY_FORMAT = 'YYYY-MM-DD';

const DOT_COLOURS: Record<DayLoadColour, string> = { green: '#52c41a', yellow: '#fadb14', red: '#ff4d4f' };

/** Scheduled updates per day, keyed `YYYY-MM-DD`. */
export function dayLoads(days: readonly ScheduleByDay[] | undefined): Map<string, number> {
  const pad = (n: number) => String(n).padStart(2, '0');
  return new Map(
    (days ?? []).map(({ _id, count }) => [`${_id.year}-${pad(_id.month)}-${pad(_id.day)}`, count]),
  );
}

/** A day of the picker with its load marker: green, yellow or red by the updates scheduled on it (back-office §9). */
function DayCell({ day, load, prefixCls }: { day: Dayjs; load: number | undefined; prefixCls: string }) {
  const colour = load === undefined ? null : dayLoadColour(load);
  return (
    <div className={`${prefixCls}-cell-inner`} style={{ position: 'relative' }}>
      {day.date()}
      {colour && (
        <span
          role="img"
          aria-label={T.dayLoad(load ?? 0)}
          data-colour={colour}
          title={T.dayLoad(load ?? 0)}
          style={{
            position: 'absolute',
            left: '50%',
            bottom: -3,
            width: 6,
            height: 6,
            marginLeft: -3,
            borderRadius: '50%',
            background: DOT_COLOURS[colour],
          }}
        />
      )}
    </div>
  );
}

export interface ScheduleDialogProps {
  /** The aligner family's latest release: the version the units are staged with. */
  latest: VersionRecord | null;
  onClose: () => void;
  onScheduled: (count: number, date: string) => void;
}

/**
 * Schedule Aligner Updates (back-office §2.2, §4, §7.3, §8): a date picker whose days carry their load
 * colour (GET /read/schedule_by_day/v1/) with the count of the picked day; a serial number pattern
 * ('*' matches any characters) searched with GET /read/aligner_serial_numbers/v1; the count found, then
 * Confirm (only when at least one aligner matched) schedules the family's latest for the picked day.
 * Search results replace earlier ones; a failed search clears them. Decisions: editing the pattern also
 * clears them (Confirm never schedules units of a pattern other than the one shown), past days cannot
 * be picked, and a refused schedule keeps the dialog open with the server's sentence (the old console
 * closed silently).
 */
export function ScheduleDialog({ latest, onClose, onScheduled }: ScheduleDialogProps) {
  const { data: days } = useReadScheduleByDayQuery();
  const loads = useMemo(() => dayLoads(days), [days]);
  const [date, setDate] = useState<Dayjs>(() => dayjs().startOf('day'));
  const [pattern, setPattern] = useState('');
  const [found, setFound] = useState<string[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const [creating, setCreating] = useState(false);
  const [readSerials] = useLazyReadAlignerSerialNumbersQuery();
  const [createSchedule] = useCreateScheduleSerialNumbersMutation();
  // Bumped by every edit of the pattern and every search: an older search's answer is dropped.
  const generation = useRef(0);

  const day = date.format(DAY_FORMAT);
  const canConfirm = latest !== null && found !== null && found.length > 0;

  const changePattern = (text: string) => {
    generation.current += 1;
    setPattern(text);
    setFound(null);
    setSearching(false);
    setProblem(null);
  };

  const search = async () => {
    const filterSerialNumber = pattern.trim();
    if (filterSerialNumber === '') return;
    generation.current += 1;
    const mine = generation.current;
    setSearching(true);
    setProblem(null);
    try {
      const serials = await readSerials({ filterSerialNumber }).unwrap();
      if (generation.current !== mine) return;
      setFound(serials);
    } catch (error) {
      if (generation.current !== mine) return;
      setFound(null);
      setProblem(serverProblem(error));
    } finally {
      if (generation.current === mine) setSearching(false);
    }
  };

  const confirm = async () => {
    if (!canConfirm || latest === null || found === null) return;
    setCreating(true);
    setProblem(null);
    try {
      const created = await createSchedule({
        serialNumbers: found,
        version: { semantic: latest.semantic, meta: latest.meta },
        path: latest.path,
        date: day,
      }).unwrap();
      onScheduled(created.count, created.date);
    } catch (error) {
      setCreating(false);
      setProblem(serverProblem(error));
    }
  };

  return (
    <UpdateDialog
      title={T.scheduleUpdates}
      cancelText={T.cancel}
      action={canConfirm ? { label: T.confirm, loading: creating, onClick: () => void confirm() } : null}
      onCancel={onClose}
    >
      {latest === null ? (
        <Alert type="warning" showIcon title={T.noAlignerRelease} style={{ marginBottom: 16 }} />
      ) : (
        <Typography.Paragraph>
          {T.scheduleVersion}: <Typography.Text strong>{versionLabel(latest)}</Typography.Text>
        </Typography.Paragraph>
      )}
      <Form layout="vertical" component="div">
        <Form.Item
          label={T.stageOn}
          htmlFor="schedule-date"
          extra={T.alreadyScheduled(loads.get(day) ?? 0, day)}
        >
          <DatePicker
            id="schedule-date"
            value={date}
            format={DAY_FORMAT}
            allowClear={false}
            disabledDate={(current) => current.isBefore(dayjs(), 'day')}
            onChange={(next: Dayjs | null) => {
              if (next) setDate(next.startOf('day'));
            }}
            cellRender={(current, info) => {
              if (info.type !== 'date' || typeof current === 'number' || typeof current === 'string')
                return info.originNode;
              return (
                <DayCell
                  day={current}
                  load={loads.get(current.format(DAY_FORMAT))}
                  prefixCls={info.prefixCls}
                />
              );
            }}
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item label={T.serialFilter} htmlFor="schedule-serial-filter">
          <Flex gap={8}>
            <Input
              id="schedule-serial-filter"
              value={pattern}
              placeholder={T.serialFilterPlaceholder}
              onChange={(event) => changePattern(event.target.value)}
              onPressEnter={() => void search()}
            />
            <Button
              icon={<SearchOutlined aria-hidden />}
              loading={searching}
              disabled={pattern.trim() === ''}
              onClick={() => void search()}
            >
              {T.search}
            </Button>
          </Flex>
        </Form.Item>
      </Form>
      {found !== null && (
        <div role="status" aria-label={T.aligners}>
          <Statistic title={T.aligners} value={found.length} styles={{ content: { fontSize: 40 } }} />
          <Typography.Paragraph style={{ marginTop: 8 }}>
            {found.length > 0 ? T.confirmSchedule(found.length, day) : T.noMatch}
          </Typography.Paragraph>
        </div>
      )}
      <ServerErrorAlert problem={problem} />
    </UpdateDialog>
  );
}
