import { Alert, Form, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { type SpecManifest, type SpecUpdate } from '@equipment-dashboard/contract';
import {
  useCreateSpecUpdateMutation,
  useUpdateSpecUpdateMutation,
  useValidateSpecUpdateAtPathMutation,
} from '@equipment-dashboard/api-client';
import {
  DEFAULT_SPEC_FILTER,
  DEFAULT_SPEC_TARGET_FAMILY,
  isSpecFilterValid,
  parseSpecFilter,
  specFilterText,
} from '@equipment-dashboard/domain';
import { ServerErrorAlert } from '../../shared/back-office/server-error-alert';
import { useServerCall } from '../../shared/back-office/use-server-call';
import { DIALOG_WIDTHS } from '../../shared/layout';
import { UpdateDialog } from '../../shared/updates/update-dialog';
import { UpdatePathField } from '../../shared/updates/update-path-field';
import { usePathValidation } from '../../shared/updates/use-path-validation';
import { SpecFields, type SpecSettings } from './spec-fields';
import { SPEC_TEXTS as T } from './texts';

export interface CreateSpecDialogProps {
  onClose: () => void;
  /** Published: the caller closes the dialog (which resets it) and shows the list's first page. */
  onCreated: (update: SpecUpdate) => void;
}

/**
 * Create Specification Update (back-office §2.3, §4, §5), 600 wide: an 'update path' with its check icon
 * (error, checked or unchecked). Once validated: Active (on), Target family (all), filter (*), and the
 * note that a manifest was found and the update takes its version name. Confirm shows only when the path
 * is validated and the filter is valid; Cancel resets everything (the dialog is unmounted on close).
 */
export function CreateSpecDialog({ onClose, onCreated }: CreateSpecDialogProps) {
  const [validatePath] = useValidateSpecUpdateAtPathMutation();
  const [createSpec] = useCreateSpecUpdateMutation();
  const check = useCallback(
    (updatePath: string): Promise<SpecManifest> => validatePath({ updatePath }).unwrap(),
    [validatePath],
  );
  const validation = usePathValidation(check);
  const [settings, setSettings] = useState<SpecSettings>({
    active: true,
    targetFamily: DEFAULT_SPEC_TARGET_FAMILY,
    filter: DEFAULT_SPEC_FILTER,
  });
  // The write calls the server and then the caller's success step.
  const write = useServerCall();
  const manifest = validation.state === 'checked' ? validation.manifest : null;
  const canConfirm = manifest !== null && isSpecFilterValid(settings.filter);

  const confirm = () => {
    if (!manifest || validation.validatedPath === null || !canConfirm) return;
    const path = validation.validatedPath;
    void write.run(() =>
      createSpec({
        path,
        version: manifest.version,
        prerequisites: manifest.prerequisites,
        active: settings.active,
        targetFamily: settings.targetFamily,
        filter: parseSpecFilter(settings.filter),
      })
        .unwrap()
        .then(onCreated),
    );
  };

  return (
    <UpdateDialog
      width={DIALOG_WIDTHS.specDialog}
      title={T.createTitle}
      cancelText={T.cancel}
      action={canConfirm ? { label: T.confirm, loading: write.running, onClick: confirm } : null}
      onCancel={onClose}
    >
      <Form layout="vertical" component="div">
        <UpdatePathField id="spec-update-path" autoFocus validation={validation} />
        {manifest && (
          <>
            <SpecFields idPrefix="create-spec" value={settings} onChange={setSettings} />
            <Alert
              type="info"
              showIcon
              title={T.manifestFound}
              description={T.takesVersionName(manifest.version.name)}
              style={{ marginBottom: 12 }}
            />
          </>
        )}
      </Form>
      <ServerErrorAlert problem={write.problem} />
    </UpdateDialog>
  );
}

export interface EditSpecDialogProps {
  spec: SpecUpdate;
  onClose: () => void;
  onUpdated: (update: SpecUpdate) => void;
}

/**
 * Edit Specification Update (back-office §2.3, §4), 600 wide: the title carries the version name and
 * the path is noted; Active, Target family and filter change. Update shows only when the filter is
 * valid; it saves and closes, and the list reloads.
 */
export function EditSpecDialog({ spec, onClose, onUpdated }: EditSpecDialogProps) {
  const [updateSpec] = useUpdateSpecUpdateMutation();
  const [settings, setSettings] = useState<SpecSettings>({
    active: spec.active,
    targetFamily: spec.targetFamily,
    filter: specFilterText(spec.filter),
  });
  const write = useServerCall();
  const canUpdate = isSpecFilterValid(settings.filter);

  const update = () =>
    void write.run(() =>
      updateSpec({
        path: spec.path,
        version: spec.version,
        active: settings.active,
        targetFamily: settings.targetFamily,
        filter: parseSpecFilter(settings.filter),
      })
        .unwrap()
        .then(onUpdated),
    );

  return (
    <UpdateDialog
      width={DIALOG_WIDTHS.specDialog}
      title={T.editTitle(spec.version.name)}
      cancelText={T.cancel}
      action={canUpdate ? { label: T.update, loading: write.running, onClick: update } : null}
      onCancel={onClose}
    >
      <Typography.Paragraph>
        {T.pathNote}: <Typography.Text code>{spec.path}</Typography.Text>
      </Typography.Paragraph>
      <Form layout="vertical" component="div">
        <SpecFields idPrefix="edit-spec" value={settings} onChange={setSettings} />
      </Form>
      <ServerErrorAlert problem={write.problem} />
    </UpdateDialog>
  );
}
