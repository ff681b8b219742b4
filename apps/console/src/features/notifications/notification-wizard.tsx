import { Button, DatePicker, Flex, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  useCreateNotificationMutation,
  useReadAlignerCitiesQuery,
  useReadAlignerRegionsQuery,
} from '@equipment-dashboard/api-client';
import {
  canCreateNotification,
  clampEndToStart,
  NOTIFICATION_MIME_TYPES,
  NOTIFICATION_TARGET_FAMILIES,
  NOTIFICATION_TARGET_TYPE,
  notificationTargetOf,
  type NotificationMimeType,
  type NotificationTargetFamily,
} from '@equipment-dashboard/domain';
import { CountrySelect } from '../../shared/back-office/country-select';
import { serverProblem, type ServerProblem } from '../../shared/back-office/server-error';
import { WizardDialog } from '../../shared/back-office/wizard-dialog';
import { NOTIFICATIONS_TEXTS as T } from './texts';

const DAY = 'YYYY-MM-DD';
const STEPS = [T.stepTimePeriod, T.stepConfigure, T.stepTarget] as const;

/** A day of the period: it cannot be cleared; `earliest` and later can be picked. */
function dayPicker(id: string, day: string, onPick: (day: string) => void, earliest?: string) {
  return (
    <DatePicker
      id={id}
      allowClear={false}
      value={dayjs(day)}
      format={DAY}
      disabledDate={earliest === undefined ? undefined : (candidate) => candidate.format(DAY) < earliest}
      onChange={(value: Dayjs | null) => {
        if (value) onPick(value.format(DAY));
      }}
    />
  );
}

/**
 * A select of plain values. A `place` (region, city) waits for the place above it, loads its values
 * from the server, may be searched and may be cleared.
 */
function ChoiceField<V extends string>({
  id,
  label,
  extra,
  value,
  values,
  place,
  onChange,
}: {
  id: string;
  label: string;
  extra?: string;
  value: V | null;
  values: readonly V[];
  place?: { enabled: boolean; loading: boolean };
  onChange: (value: V | null) => void;
}) {
  return (
    <Form.Item label={label} htmlFor={id} extra={extra}>
      <Select<V>
        id={id}
        aria-label={label}
        value={value ?? undefined}
        {...(place && {
          disabled: !place.enabled,
          loading: place.loading,
          allowClear: true,
          showSearch: true,
        })}
        options={values.map((option) => ({ value: option, label: option }))}
        onChange={(next: V | undefined) => onChange(next ?? null)}
      />
    </Form.Item>
  );
}

/**
 * Create Notification (back-office §2.6, §5): three steps (Select Time Period, Configure Notification,
 * Target Notification). Create is enabled by libs/domain `canCreateNotification`; region and city are
 * optional and sent as null when blank (`notificationTargetOf`). The parent mounts the wizard only while
 * it is open, so closing it resets every field.
 *
 * Decisions (back-office §2.6, §5 say "start and end date" only): the period starts today and ends
 * today until changed; the end cannot be before the start, and moving the start past the end moves
 * the end with it (the message rule `clampEndToStart`). The days are the user's calendar days: the start
 * of the first and the end of the last in local time, sent as ISO timestamps.
 */
export function NotificationWizard({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (name: string) => void;
}) {
  const [step, setStep] = useState(0);
  const [startDate, setStartDate] = useState<string>(dayjs().format(DAY));
  const [endDate, setEndDate] = useState<string>(dayjs().format(DAY));
  const [name, setName] = useState('');
  const [mimeType, setMimeType] = useState<NotificationMimeType | null>(null);
  const [resourcePath, setResourcePath] = useState('');
  const [family, setFamily] = useState<NotificationTargetFamily | null>(null);
  const [country, setCountry] = useState<{ code: string; name: string } | null>(null);
  const [region, setRegion] = useState<string | null>(null);
  const [city, setCity] = useState<string | null>(null);
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const [create, { isLoading: saving }] = useCreateNotificationMutation();

  const regions = useReadAlignerRegionsQuery(
    { countryName: country?.name ?? '' },
    { skip: country === null },
  );
  const cities = useReadAlignerCitiesQuery(
    { countryName: country?.name ?? '', region: region ?? '' },
    { skip: country === null || region === null },
  );

  const ready = canCreateNotification({
    name,
    mimeType,
    resourcePath,
    targetType: NOTIFICATION_TARGET_TYPE,
    family,
    country: country?.code ?? null,
  });

  const save = async () => {
    if (!ready || mimeType === null || family === null || country === null) return;
    setProblem(null);
    try {
      await create({
        name: name.trim(),
        resourcePath: resourcePath.trim(),
        mimeType,
        beginsOn: dayjs(startDate).startOf('day').toISOString(),
        endsOn: dayjs(endDate).endOf('day').toISOString(),
        targetType: NOTIFICATION_TARGET_TYPE,
        // The domain rule types the family as a string; the select only offers the three families.
        target: { ...notificationTargetOf({ family, country: country.code, region, city }), family },
      }).unwrap();
      onCreated(name.trim());
    } catch (error) {
      setProblem(serverProblem(error));
    }
  };

  const footer = (
    <Flex justify="space-between">
      <Button onClick={onClose}>{T.cancel}</Button>
      <Flex gap={8}>
        {step > 0 && <Button onClick={() => setStep(step - 1)}>{T.previous}</Button>}
        {step < STEPS.length - 1 && (
          <Button type="primary" onClick={() => setStep(step + 1)}>
            {T.next}
          </Button>
        )}
        {step === STEPS.length - 1 && (
          <Button type="primary" disabled={!ready} loading={saving} onClick={() => void save()}>
            {T.create}
          </Button>
        )}
      </Flex>
    </Flex>
  );

  return (
    <WizardDialog
      title={T.createNotification}
      width={640}
      steps={STEPS}
      step={step}
      footer={footer}
      problem={problem}
      onCancel={onClose}
    >
      {step === 0 && (
        <>
          <Form.Item label={T.startDate} htmlFor="notification-start">
            {dayPicker('notification-start', startDate, (start) => {
              setStartDate(start);
              setEndDate(clampEndToStart(start, endDate) ?? start);
            })}
          </Form.Item>
          <Form.Item label={T.endDate} htmlFor="notification-end">
            {dayPicker(
              'notification-end',
              endDate,
              (end) => setEndDate(clampEndToStart(startDate, end) ?? startDate),
              startDate,
            )}
          </Form.Item>
        </>
      )}
      {step === 1 && (
        <>
          <Form.Item label={T.name} htmlFor="notification-name">
            <Input id="notification-name" value={name} onChange={(e) => setName(e.target.value)} />
          </Form.Item>
          <ChoiceField
            id="notification-mime"
            label={T.contentMimeType}
            value={mimeType}
            values={NOTIFICATION_MIME_TYPES}
            onChange={setMimeType}
          />
          <Form.Item label={T.contentPath} htmlFor="notification-path">
            <Input
              id="notification-path"
              value={resourcePath}
              onChange={(e) => setResourcePath(e.target.value)}
            />
          </Form.Item>
        </>
      )}
      {step === 2 && (
        <>
          <Form.Item label={T.targetType} htmlFor="notification-target-type">
            <Input id="notification-target-type" value={NOTIFICATION_TARGET_TYPE} disabled />
          </Form.Item>
          <ChoiceField
            id="notification-family"
            label={T.family}
            value={family}
            values={NOTIFICATION_TARGET_FAMILIES}
            onChange={setFamily}
          />
          <Form.Item label={T.country} htmlFor="notification-country">
            <CountrySelect
              id="notification-country"
              label={T.country}
              value={country?.code ?? null}
              onChange={(_code, found) => {
                setCountry(found ? { code: found.countryCode, name: found.countryName } : null);
                setRegion(null);
                setCity(null);
              }}
            />
          </Form.Item>
          <ChoiceField
            id="notification-region"
            label={T.region}
            extra={T.optional}
            value={region}
            values={(regions.data ?? []).map((entry) => entry.region)}
            place={{ enabled: country !== null, loading: regions.isFetching }}
            onChange={(value) => {
              setRegion(value);
              setCity(null);
            }}
          />
          <ChoiceField
            id="notification-city"
            label={T.city}
            value={city}
            values={(cities.data ?? []).map((entry) => entry.city)}
            place={{ enabled: region !== null, loading: cities.isFetching }}
            onChange={setCity}
          />
        </>
      )}
    </WizardDialog>
  );
}
