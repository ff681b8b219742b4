import { Checkbox, Form, Radio, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import {
  useReadAlertPreferencesQuery,
  useUpdateAlertPreferencesMutation,
} from '@equipment-dashboard/api-client';
import { ALERT_SEVERITIES, type AlertSeverity } from '@equipment-dashboard/domain';
import { useAppDispatch } from '../../app/store';
import { SeverityTag } from '../../shared/alerts/severity-tag';
import { ActionDialog } from '../../shared/back-office/action-dialog';
import { RetryAlert } from '../../shared/back-office/server-error-alert';
import { useServerCall } from '../../shared/back-office/use-server-call';
import { formatDateTime } from '../../shared/equipment/format';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { ALERTS_TEXTS as T } from './texts';

const MUTE_CHOICES = ['keep', '60', '240', '1440', '0'] as const;
type MuteChoice = (typeof MUTE_CHOICES)[number];

/**
 * The account menu's Alert e-mail: which severities reach the signed-in user by e-mail, and muting e-mail for a
 * while (1 hour, 4 hours, 1 day) or unmuting it.
 */
export function AlertPreferencesDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const preferences = useReadAlertPreferencesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [update] = useUpdateAlertPreferencesMutation();
  const call = useServerCall();
  const [severities, setSeverities] = useState<AlertSeverity[] | null>(null);
  const [mute, setMute] = useState<MuteChoice>('keep');
  const loaded = preferences.data;

  useEffect(() => {
    if (loaded && severities === null) setSeverities(loaded.emailSeverities);
  }, [loaded, severities]);

  const submit = async () => {
    const ok = await call.run(() =>
      update({
        emailSeverities: severities ?? [],
        ...(mute !== 'keep' && { muteMinutes: Number(mute) }),
      }).unwrap(),
    );
    if (ok) {
      dispatch(snackbarShown(T.preferencesSaved));
      onClose();
    }
  };

  const mutedUntil =
    loaded?.mutedUntil && Date.parse(loaded.mutedUntil) > Date.now() ? loaded.mutedUntil : null;

  return (
    <ActionDialog
      title={T.preferencesTitle}
      okText={T.save}
      ready={severities !== null}
      call={call}
      onOk={submit}
      onCancel={onClose}
    >
      {preferences.isLoading && <Spin aria-label={T.preferencesLoading} />}
      {Boolean(preferences.error) && !loaded && (
        <RetryAlert error={preferences.error} onRetry={preferences.refetch} />
      )}
      {severities !== null && (
        <Form layout="vertical">
          <Form.Item label={T.severitiesByEmail}>
            <Checkbox.Group
              aria-label={T.severitiesByEmail}
              value={severities}
              onChange={(value) => setSeverities(value as AlertSeverity[])}
              options={ALERT_SEVERITIES.map((s) => ({ value: s, label: <SeverityTag severity={s} /> }))}
            />
          </Form.Item>
          <Typography.Paragraph>
            {mutedUntil ? T.mutedUntil(formatDateTime(mutedUntil)) : T.notMuted}
          </Typography.Paragraph>
          <Form.Item label={T.mute}>
            <Radio.Group
              aria-label={T.mute}
              value={mute}
              onChange={(e) => setMute(e.target.value as MuteChoice)}
              options={MUTE_CHOICES.map((c) => ({ value: c, label: T.muteChoices[c] }))}
            />
          </Form.Item>
        </Form>
      )}
    </ActionDialog>
  );
}
