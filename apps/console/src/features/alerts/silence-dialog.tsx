import { Checkbox, Col, DatePicker, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import type { AlertGroup, CreateSilenceBody } from '@equipment-dashboard/contract';
import {
  useCreateSilenceMutation,
  useLazyReadClockQuery,
  useReadAlignerCountriesQuery,
} from '@equipment-dashboard/api-client';
import {
  can,
  FAMILIES,
  PERMISSIONS,
  SERVICE_NAMES,
  WEEKDAYS,
  type Family,
  type Weekday,
} from '@equipment-dashboard/domain';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { ActionDialog } from '../../shared/back-office/action-dialog';
import { useServerCall } from '../../shared/back-office/use-server-call';
import { selectUser } from '../../shared/session/session-slice';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { Field, SavedViewSelect } from './form-field';
import { groupLabel } from '../../shared/alerts/alert-group';
import { listItems } from './rule-form';
import { RuleSelect } from './rule-select';
import { SilencePreview } from './silence-preview';
import { ALERTS_TEXTS as T } from './texts';

const DURATIONS = ['60', '240', '1440', '10080', 'custom'] as const;
type Duration = (typeof DURATIONS)[number];
const TIME = 'YYYY-MM-DD HH:mm';

/** The browser's time zone: the recurring window's default. */
function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every IANA time zone the browser knows (the chosen one at least). */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

/**
 * New silence: what it matches (a rule, serials, a saved view, families, countries, services; all given must
 * match), from a start (now on the simulated clock unless chosen) for a while or until a chosen end, a reason, and
 * optionally only inside a weekly window (days, hours, time zone). Opened for an alert group, it matches the
 * group's rule and place (its country, and its region when the group is one), the reason being the one comment.
 */
export function SilenceDialog({ onClose, group }: { onClose: () => void; group?: AlertGroup }) {
  const dispatch = useAppDispatch();
  const role = useAppSelector(selectUser)?.role;
  const [create] = useCreateSilenceMutation();
  // A duration counts from the simulated clock's now; only the roles that control the simulator may read it.
  const mayReadClock = can(role, PERMISSIONS.simulatorControl);
  const [readClock] = useLazyReadClockQuery();
  const countries = useReadAlignerCountriesQuery();
  const call = useServerCall();

  const [ruleId, setRuleId] = useState<number | null>(group?.ruleId ?? null);
  const [serialsText, setSerialsText] = useState('');
  const [viewId, setViewId] = useState<number | null>(null);
  const [families, setFamilies] = useState<Family[]>([]);
  const [countryCodes, setCountryCodes] = useState<string[]>(group?.countryCode ? [group.countryCode] : []);
  // A group's region stays with its one country: changing the countries drops it.
  const [regions, setRegions] = useState<string[]>(group?.region ? [group.region] : []);
  const chooseCountries = (codes: string[]) => {
    setCountryCodes(codes);
    setRegions([]);
  };
  const [services, setServices] = useState<string[]>([]);
  const [start, setStart] = useState<Dayjs | null>(null);
  const [duration, setDuration] = useState<Duration>('60');
  const [end, setEnd] = useState<Dayjs | null>(null);
  const [reason, setReason] = useState('');
  const [recurringOn, setRecurringOn] = useState(false);
  const [days, setDays] = useState<Weekday[]>(['sat', 'sun']);
  const [hours, setHours] = useState({ startHour: 1, endHour: 5 });
  const [timeZone, setTimeZone] = useState(localTimeZone);
  const zones = useMemo(() => timeZones(timeZone), [timeZone]);

  const serials = listItems(serialsText);
  const matcher: CreateSilenceBody['matcher'] = {
    ...(ruleId !== null && { ruleId }),
    ...(serials.length > 0 && { serials }),
    ...(viewId !== null && { viewId }),
    ...(families.length > 0 && { families }),
    ...(countryCodes.length > 0 && { countries: countryCodes }),
    ...(regions.length > 0 && { regions }),
    ...(services.length > 0 && { services }),
  };
  const ready =
    Object.keys(matcher).length > 0 &&
    reason.trim() !== '' &&
    (duration !== 'custom' || end !== null) &&
    (!recurringOn || days.length > 0);

  const endsAt = async (): Promise<string> => {
    if (duration === 'custom') return (end ?? dayjs()).toISOString();
    let from = start?.valueOf();
    if (from === undefined) from = mayReadClock ? Date.parse((await readClock().unwrap()).now) : Date.now();
    return new Date(from + Number(duration) * 60_000).toISOString();
  };

  const submit = async () => {
    const ok = await call.run(async () =>
      create({
        matcher,
        ...(start !== null && { startsAt: start.toISOString() }),
        endsAt: await endsAt(),
        reason: reason.trim(),
        recurring: recurringOn ? { days, ...hours, timeZone } : null,
      }).unwrap(),
    );
    if (ok) {
      dispatch(snackbarShown(T.silenceCreated));
      onClose();
    }
  };

  return (
    <ActionDialog
      title={group ? T.silenceGroupTitle(groupLabel(group)) : T.newSilenceTitle}
      okText={T.create}
      ready={ready}
      notReadyReason={T.needsSilenceFields}
      call={call}
      onOk={submit}
      onCancel={onClose}
      width={720}
      intro={<SilencePreview matcher={matcher} />}
    >
      <Form layout="vertical">
        <Typography.Paragraph type="secondary">{T.matcherHelp}</Typography.Paragraph>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Field id="silence-rule" label={T.matchRule}>
              <RuleSelect value={ruleId} onChange={setRuleId} />
            </Field>
          </Col>
          <Col xs={24} md={12}>
            <Field id="silence-view" label={T.matchView}>
              <SavedViewSelect value={viewId} onChange={setViewId} />
            </Field>
          </Col>
          <Col xs={24} md={12}>
            <Field id="silence-families" label={T.matchFamilies}>
              <Select
                mode="multiple"
                value={families}
                options={FAMILIES.map((f) => ({ value: f, label: f }))}
                onChange={setFamilies}
              />
            </Field>
          </Col>
          <Col xs={24} md={12}>
            <Field id="silence-countries" label={T.matchCountries}>
              <Select
                mode="multiple"
                showSearch={{ optionFilterProp: 'label' }}
                value={countryCodes}
                loading={countries.isLoading}
                options={(countries.data ?? []).map((c) => ({
                  value: c.countryCode,
                  label: `${c.countryName} (${c.countryCode})`,
                }))}
                onChange={chooseCountries}
              />
            </Field>
            {regions.length > 0 && (
              <Typography.Paragraph type="secondary">
                {T.matchRegions(regions.join(', '))}
              </Typography.Paragraph>
            )}
          </Col>
          <Col xs={24} md={12}>
            <Field id="silence-services" label={T.matchServices}>
              <Select
                mode="multiple"
                value={services}
                options={SERVICE_NAMES.map((s) => ({ value: s, label: s }))}
                onChange={setServices}
              />
            </Field>
          </Col>
          <Col xs={24} md={12}>
            <Field id="silence-serials" label={T.matchSerials} help={T.serialsHelp}>
              <Input.TextArea rows={2} value={serialsText} onChange={(e) => setSerialsText(e.target.value)} />
            </Field>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Field id="silence-start" label={T.starts} help={T.startHelp}>
              <DatePicker
                showTime
                format={TIME}
                placeholder={T.startNow}
                value={start}
                onChange={(value: Dayjs | null) => setStart(value)}
                style={{ width: '100%' }}
              />
            </Field>
          </Col>
          <Col xs={24} md={8}>
            <Field
              id="silence-duration"
              label={T.duration}
              help={duration !== 'custom' && start === null && !mayReadClock ? T.clockHelp : undefined}
            >
              <Select
                value={duration}
                options={DURATIONS.map((d) => ({ value: d, label: T.durations[d] }))}
                onChange={setDuration}
              />
            </Field>
          </Col>
          {duration === 'custom' && (
            <Col xs={24} md={8}>
              <Field id="silence-end" label={T.ends} required>
                <DatePicker
                  showTime
                  format={TIME}
                  value={end}
                  onChange={(value: Dayjs | null) => setEnd(value)}
                  style={{ width: '100%' }}
                />
              </Field>
            </Col>
          )}
        </Row>
        <Field id="silence-reason" label={T.reason} required>
          <Input.TextArea rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <Field
          id="silence-recurring"
          label={T.recurringOn}
          help={
            recurringOn
              ? T.combinedWindow(
                  duration === 'custom' ? T.untilEnd : T.forDuration(T.durations[duration]),
                  T.recurringText(
                    days.map((d) => T.dayLabels[d]).join(' '),
                    hours.startHour,
                    hours.endHour,
                    timeZone,
                  ),
                )
              : T.wholeLength
          }
        >
          <Switch checked={recurringOn} onChange={setRecurringOn} />
        </Field>
        {recurringOn && (
          <>
            <Form.Item label={T.days}>
              <Checkbox.Group
                aria-label={T.days}
                value={days}
                options={WEEKDAYS.map((d) => ({ value: d, label: T.dayLabels[d] }))}
                onChange={(value) => setDays(value as Weekday[])}
              />
            </Form.Item>
            <Row gutter={16}>
              <Col xs={12} md={6}>
                <Field id="silence-from-hour" label={T.fromHour}>
                  <InputNumber
                    min={0}
                    max={23}
                    precision={0}
                    value={hours.startHour}
                    onChange={(v) => setHours({ ...hours, startHour: v ?? 0 })}
                  />
                </Field>
              </Col>
              <Col xs={12} md={6}>
                <Field id="silence-to-hour" label={T.toHour}>
                  <InputNumber
                    min={0}
                    max={23}
                    precision={0}
                    value={hours.endHour}
                    onChange={(v) => setHours({ ...hours, endHour: v ?? 0 })}
                  />
                </Field>
              </Col>
              <Col xs={24} md={12}>
                <Field id="silence-zone" label={T.timeZone}>
                  <Select
                    showSearch
                    value={timeZone}
                    options={zones.map((z) => ({ value: z, label: z }))}
                    onChange={setTimeZone}
                  />
                </Field>
              </Col>
            </Row>
          </>
        )}
      </Form>
    </ActionDialog>
  );
}
