import { Form, Input, InputNumber, Radio, Select, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CreateRolloutBody } from '@equipment-dashboard/contract';
import {
  useCreateRolloutMutation,
  useReadRolloutVersionsQuery,
  useReadSavedViewsQuery,
} from '@equipment-dashboard/api-client';
import {
  FAMILIES,
  phasesProblem,
  ROLLOUT_DEFAULTS,
  versionLabel,
  type Family,
} from '@equipment-dashboard/domain';
import { ActionDialog } from '../back-office/action-dialog';
import { useServerCall } from '../back-office/use-server-call';
import { NEW_ROLLOUT_TEXTS as T } from './texts';

type TargetKind = 'view' | 'filters' | 'csv';

/** The equipment list's text filters a rollout's target may carry (its family is the rollout's). */
export interface RolloutListFilters {
  filterCountryCode: string;
  filterSoftwareVersion: string;
  filterSerialNumber: string;
}

/** What the dialog opens with: from the equipment list, its family and filters, target "Equipment list filters". */
export interface NewRolloutInitial {
  family: Family;
  filters: RolloutListFilters;
}

/** The phases as typed ('1, 10, 50, 100'), or null when they are not numbers. */
export function parsePhases(text: string): number[] | null {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const numbers = parts.map(Number);
  return numbers.length > 0 && numbers.every((n) => Number.isFinite(n)) ? numbers : null;
}

/**
 * New rollout: name, family, version (a choice of the family's published updates, newest first, the
 * latest chosen), target (a saved view of the equipment list, equipment list filters, or a CSV file of serials),
 * phases, thresholds and an optional maintenance window. Create opens the new rollout. `initial` prefills the
 * family and the filters (the equipment list's "Roll out to these units"); they stay editable.
 */
export function NewRolloutDialog({ onClose, initial }: { onClose: () => void; initial?: NewRolloutInitial }) {
  const navigate = useNavigate();
  const [create] = useCreateRolloutMutation();
  const call = useServerCall();
  const [name, setName] = useState('');
  const [family, setFamily] = useState<Family>(initial?.family ?? 'aligner');
  const [version, setVersion] = useState<string | null>(null);
  const [kind, setKind] = useState<TargetKind>(initial ? 'filters' : 'view');
  const [viewId, setViewId] = useState<number | null>(null);
  const [filters, setFilters] = useState<RolloutListFilters>(
    initial?.filters ?? { filterCountryCode: '', filterSoftwareVersion: '', filterSerialNumber: '' },
  );
  const [csv, setCsv] = useState<{ text: string; fileName: string } | null>(null);
  const [phasesText, setPhasesText] = useState(ROLLOUT_DEFAULTS.phases.join(', '));
  const [failurePct, setFailurePct] = useState<number>(ROLLOUT_DEFAULTS.failureThreshold * 100);
  const [successPct, setSuccessPct] = useState<number>(ROLLOUT_DEFAULTS.successThreshold * 100);
  const [windowOn, setWindowOn] = useState(false);
  const [windowHours, setWindowHours] = useState({ startHour: 1, endHour: 5 });
  const views = useReadSavedViewsQuery({ screen: 'equipment' });
  // Read on each opening: an update published since the last one is offered too.
  const versions = useReadRolloutVersionsQuery({ family }, { refetchOnMountOrArgChange: true });

  // The versions come newest first: the latest is the default.
  const shownVersion = version ?? versions.data?.[0]?.semantic ?? '';
  const phases = parsePhases(phasesText);
  const phasesError = phases ? phasesProblem(phases) : T.phasesHelp;
  const targetReady = kind === 'view' ? viewId !== null : kind === 'csv' ? csv !== null : true;
  const ready = name.trim() !== '' && shownVersion.trim() !== '' && targetReady && phasesError === null;

  const target = (): CreateRolloutBody['target'] => {
    if (kind === 'view') return { kind: 'view', viewId: viewId ?? 0 };
    if (kind === 'csv') return { kind: 'csv', csv: csv?.text ?? '', fileName: csv?.fileName };
    return { kind: 'filters', filters: { ...filters, filterFamily: family } };
  };
  const submit = async () => {
    let createdId = 0;
    const ok = await call.run(async () => {
      const created = await create({
        name: name.trim(),
        family,
        version: shownVersion.trim(),
        target: target(),
        phases: phases ?? [],
        failureThreshold: failurePct / 100,
        successThreshold: successPct / 100,
        window: windowOn ? windowHours : null,
      }).unwrap();
      createdId = created.id;
    });
    if (ok) {
      onClose();
      navigate(`/Rollouts/${createdId}`);
    }
  };

  return (
    <ActionDialog
      title={T.title}
      okText={T.create}
      cancelText={T.cancel}
      ready={ready}
      call={call}
      onOk={submit}
      onCancel={onClose}
      width={620}
    >
      <Form layout="vertical">
        <Form.Item label={T.name} required>
          <Input aria-label={T.name} value={name} onChange={(e) => setName(e.target.value)} />
        </Form.Item>
        <Form.Item label={T.family}>
          <Select
            aria-label={T.family}
            value={family}
            options={FAMILIES.map((f) => ({ value: f, label: f }))}
            onChange={(value: Family) => {
              setFamily(value);
              setVersion(null);
            }}
          />
        </Form.Item>
        <Form.Item
          label={T.version}
          help={versions.isFetching && !versions.data ? T.versionLoading : T.versionHelp}
        >
          <Select
            aria-label={T.version}
            value={shownVersion || undefined}
            loading={versions.isFetching}
            notFoundContent={T.noVersions}
            options={(versions.data ?? [])
              // A rollout names the version by its semantic: one choice per semantic (the newest published).
              .filter((v, i, all) => all.findIndex((w) => w.semantic === v.semantic) === i)
              .map((v) => ({ value: v.semantic, label: versionLabel(v) }))}
            onChange={(value: string) => setVersion(value)}
          />
        </Form.Item>
        <Form.Item label={T.target}>
          <Radio.Group
            value={kind}
            onChange={(e) => setKind(e.target.value as TargetKind)}
            options={(['view', 'filters', 'csv'] as const).map((k) => ({
              value: k,
              label: T.targetKinds[k],
            }))}
          />
        </Form.Item>
        {kind === 'view' && (
          <Form.Item label={T.view}>
            <Select
              aria-label={T.view}
              value={viewId ?? undefined}
              loading={views.isFetching}
              notFoundContent={T.noViews}
              options={(views.data ?? []).map((v) => ({ value: v.id, label: v.name }))}
              onChange={(value: number) => setViewId(value)}
            />
          </Form.Item>
        )}
        {kind === 'filters' && (
          <>
            <Form.Item label={T.country}>
              <Input
                aria-label={T.country}
                value={filters.filterCountryCode}
                onChange={(e) => setFilters({ ...filters, filterCountryCode: e.target.value })}
              />
            </Form.Item>
            <Form.Item label={T.softwareVersion}>
              <Input
                aria-label={T.softwareVersion}
                value={filters.filterSoftwareVersion}
                onChange={(e) => setFilters({ ...filters, filterSoftwareVersion: e.target.value })}
              />
            </Form.Item>
            <Form.Item label={T.serialPrefix}>
              <Input
                aria-label={T.serialPrefix}
                value={filters.filterSerialNumber}
                onChange={(e) => setFilters({ ...filters, filterSerialNumber: e.target.value })}
              />
            </Form.Item>
          </>
        )}
        {kind === 'csv' && (
          <Form.Item label={T.csvFile} help={T.csvHelp}>
            <input
              type="file"
              accept=".csv,text/csv,text/plain"
              aria-label={T.csvFile}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (!file) return setCsv(null);
                void file.text().then((text) => setCsv({ text, fileName: file.name }));
              }}
            />
            {csv && <Typography.Text type="secondary"> {csv.fileName}</Typography.Text>}
          </Form.Item>
        )}
        <Form.Item
          label={T.phases}
          validateStatus={phasesError ? 'error' : undefined}
          help={phasesError ?? T.phasesHelp}
        >
          <Input aria-label={T.phases} value={phasesText} onChange={(e) => setPhasesText(e.target.value)} />
        </Form.Item>
        <Form.Item label={T.failureThreshold}>
          <InputNumber
            aria-label={T.failureThreshold}
            min={0}
            max={100}
            value={failurePct}
            onChange={(v) => setFailurePct(v ?? 0)}
          />
        </Form.Item>
        <Form.Item label={T.successThreshold}>
          <InputNumber
            aria-label={T.successThreshold}
            min={1}
            max={100}
            value={successPct}
            onChange={(v) => setSuccessPct(v ?? 100)}
          />
        </Form.Item>
        <Form.Item label={T.windowOn}>
          <Switch aria-label={T.windowOn} checked={windowOn} onChange={setWindowOn} />
        </Form.Item>
        {windowOn && (
          <>
            <Form.Item label={T.windowStart}>
              <InputNumber
                aria-label={T.windowStart}
                min={0}
                max={23}
                value={windowHours.startHour}
                onChange={(v) => setWindowHours({ ...windowHours, startHour: v ?? 0 })}
              />
            </Form.Item>
            <Form.Item label={T.windowEnd}>
              <InputNumber
                aria-label={T.windowEnd}
                min={0}
                max={23}
                value={windowHours.endHour}
                onChange={(v) => setWindowHours({ ...windowHours, endHour: v ?? 0 })}
              />
            </Form.Item>
          </>
        )}
      </Form>
    </ActionDialog>
  );
}
