import { Alert, Form } from 'antd';
import { useCallback } from 'react';
import { type SoftwareManifest } from '@equipment-dashboard/contract';
import {
  useCreateGtpsUpdateMutation,
  useCreateOasisUpdateMutation,
  useCreateUpdateMutation,
  useValidateGtpsSoftwareUpdateAtPathMutation,
  useValidateOasisSoftwareUpdateAtPathMutation,
  useValidateSoftwareUpdateAtPathMutation,
} from '@equipment-dashboard/api-client';
import { versionLabel, type Family } from '@equipment-dashboard/domain';
import { ServerErrorAlert } from '../../shared/back-office/server-error-alert';
import { useServerCall } from '../../shared/back-office/use-server-call';
import { UpdateDialog } from '../../shared/updates/update-dialog';
import { UpdatePathField } from '../../shared/updates/update-path-field';
import { usePathValidation } from '../../shared/updates/use-path-validation';
import { SOFTWARE_TEXTS as T } from './texts';

export interface CreateUpdateDialogProps {
  family: Family;
  onClose: () => void;
  /** The update is published: the dialog is done (the caller closes it, which resets it). */
  onPublished: (family: Family, version: string) => void;
}

/**
 * Create Aligner / Tru-Point / Oasis Update (back-office §2.2, §4, §7.2): the user enters an update path
 * and clicks the check icon; the family's validate call answers the manifest, and the dialog says that a
 * manifest.json was found and verified, with its version, and offers Confirm. Changing the path resets
 * the validation. Confirm publishes the manifest's version at the path the server resolved; a refusal
 * (the version is already published ...) shows the server's sentence and keeps the dialog open.
 */
export function CreateUpdateDialog({ family, onClose, onPublished }: CreateUpdateDialogProps) {
  const [validateAligner] = useValidateSoftwareUpdateAtPathMutation();
  const [validateGtps] = useValidateGtpsSoftwareUpdateAtPathMutation();
  const [validateOasis] = useValidateOasisSoftwareUpdateAtPathMutation();
  const [createAligner] = useCreateUpdateMutation();
  const [createGtps] = useCreateGtpsUpdateMutation();
  const [createOasis] = useCreateOasisUpdateMutation();
  const call = useServerCall();

  const check = useCallback(
    (updatePath: string): Promise<SoftwareManifest> => {
      const validate = { aligner: validateAligner, gtps: validateGtps, 'aligner-oasis': validateOasis }[
        family
      ];
      return validate({ updatePath }).unwrap();
    },
    [family, validateAligner, validateGtps, validateOasis],
  );
  const validation = usePathValidation(check);
  const manifest = validation.state === 'checked' ? validation.manifest : null;

  const setPath = (path: string) => {
    call.setProblem(null);
    validation.setPath(path);
  };

  const confirm = async () => {
    if (!manifest) return;
    const create = { aligner: createAligner, gtps: createGtps, 'aligner-oasis': createOasis }[family];
    const done = await call.run(() =>
      create({
        version: { semantic: manifest.version.semantic, meta: manifest.version.meta },
        prerequisite: manifest.prerequisites.require,
        family,
        // The path as the server resolved it: the one its answer names.
        path: manifest.version.path,
      }).unwrap(),
    );
    if (done) onPublished(family, versionLabel(manifest.version));
  };

  return (
    <UpdateDialog
      title={T.createUpdate(family)}
      cancelText={T.cancel}
      action={manifest && { label: T.confirm, loading: call.running, onClick: () => void confirm() }}
      onCancel={onClose}
    >
      <Form layout="vertical" component="div">
        <UpdatePathField id={`update-path-${family}`} validation={{ ...validation, setPath }} autoFocus />
      </Form>
      {manifest && (
        <Alert
          type="success"
          showIcon
          title={T.manifestVerified}
          description={`${T.updateVersion(versionLabel(manifest.version))} ${T.prerequisite(manifest.prerequisites.require)}`}
          style={{ marginBottom: 12 }}
        />
      )}
      <ServerErrorAlert problem={call.problem} />
    </UpdateDialog>
  );
}
