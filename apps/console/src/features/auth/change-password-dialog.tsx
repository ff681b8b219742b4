import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { tokenResponseSchema } from '@equipment-dashboard/contract';
import { storeToken, useUpdateUserPasswordMutation } from '@equipment-dashboard/api-client';
import { canSubmitPasswordChange } from '@equipment-dashboard/domain';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { errorText } from '../../shared/api/error-text';
import { selectUser, tokenStored } from '../../shared/session/session-slice';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { changePasswordClosed, passwordChanged, selectChangePassword } from './change-password-slice';
import { AUTH_TEXTS } from './texts';

interface ChangePasswordFormValues {
  currentPassword: string;
  newPassword: string;
}

const EMPTY: ChangePasswordFormValues = { currentPassword: '', newPassword: '' };

/**
 * The change-password dialog (console-core §2, §4, §5). SAVE is disabled while the current password is
 * empty, the new one is shorter than 12 characters or equals the current one. While the password is
 * expired the dialog cannot be cancelled (the old console's flaw was that it always could).
 */
export function ChangePasswordDialog() {
  const { open, expired } = useAppSelector(selectChangePassword);
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<ChangePasswordFormValues>();
  // Mirrored on every change (Form.useWatch updates a task later), so SAVE follows each keystroke.
  const [values, setValues] = useState<ChangePasswordFormValues>(EMPTY);
  const [changePassword, { isLoading }] = useUpdateUserPasswordMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    form.resetFields();
    setValues(EMPTY);
    setFailure(null);
  };

  const cancel = () => {
    if (expired) return;
    dispatch(changePasswordClosed());
  };

  const submit = async (values: ChangePasswordFormValues) => {
    if (!user) return;
    setFailure(null);
    const result = await changePassword({
      username: user.username,
      prevPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    if (result.error) {
      setFailure(errorText(result.error, AUTH_TEXTS.changeFailed));
      return;
    }
    // The server ends every earlier token on a password change; keep the fresh one it answers, if any.
    const renewed = tokenResponseSchema.safeParse((result.data as { token?: unknown }).token);
    if (renewed.success) {
      storeToken(renewed.data);
      dispatch(tokenStored(renewed.data));
    }
    dispatch(passwordChanged());
    dispatch(snackbarShown(AUTH_TEXTS.passwordChanged));
  };

  return (
    <Modal
      open={open}
      title={AUTH_TEXTS.changePassword}
      onCancel={cancel}
      closable={!expired}
      mask={{ closable: !expired }}
      keyboard={!expired}
      afterClose={close}
      footer={null}
    >
      {expired && (
        <Alert type="warning" showIcon title={AUTH_TEXTS.passwordExpired} style={{ marginBottom: 16 }} />
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={EMPTY}
        onValuesChange={(_changed, all: ChangePasswordFormValues) => setValues(all)}
        onFinish={submit}
        disabled={isLoading}
      >
        <Form.Item label={AUTH_TEXTS.currentPassword} name="currentPassword">
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <Form.Item label={AUTH_TEXTS.newPassword} name="newPassword" extra={AUTH_TEXTS.passwordLengthHint}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          {!expired && <Button onClick={cancel}>{AUTH_TEXTS.cancel}</Button>}
          <Button
            type="primary"
            htmlType="submit"
            loading={isLoading}
            disabled={!canSubmitPasswordChange(values)}
          >
            {AUTH_TEXTS.save}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
