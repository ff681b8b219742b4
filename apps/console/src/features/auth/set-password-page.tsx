import { Alert, Button, Input } from 'antd';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useResetUserPasswordMutation } from '@equipment-dashboard/api-client';
import { canSetPassword } from '@equipment-dashboard/domain';
import { useAppDispatch } from '../../app/store';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { AuthCard, Hint } from './auth-card';
import { AuthField } from './auth-field';
import { AUTH_TEXTS } from './texts';

/**
 * Set password (console-core §2, §4, §5), reached from the reset mail's link with `?token=`. SET
 * PASSWORD is disabled while the password is empty, shorter than 12 or differs from its verification;
 * success sends the user to /login, anything else shows 'Something went wrong...'.
 */
export function SetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [newPassword, setNewPassword] = useState('');
  const [verifyPassword, setVerifyPassword] = useState('');
  const [resetPassword, { isLoading, isError }] = useResetUserPasswordMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const ready = canSetPassword({ newPassword, verifyPassword }) && !isLoading;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const result = await resetPassword({ token, newPassword });
    if (result.error) return;
    dispatch(snackbarShown(AUTH_TEXTS.passwordSet));
    navigate('/login', { replace: true });
  };

  return (
    <AuthCard title={AUTH_TEXTS.setPasswordTitle}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <AuthField id="set-new-password" label={AUTH_TEXTS.newPassword}>
          <Input.Password
            id="set-new-password"
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
            autoComplete="new-password"
            autoFocus
            size="large"
          />
        </AuthField>
        <AuthField id="set-verify-password" label={AUTH_TEXTS.verifyNewPassword}>
          <Input.Password
            id="set-verify-password"
            value={verifyPassword}
            onChange={(event) => setVerifyPassword(event.target.value)}
            autoComplete="new-password"
            size="large"
          />
        </AuthField>
        <Hint>{AUTH_TEXTS.passwordLengthHint}</Hint>
        {isError && <Alert type="error" showIcon title={AUTH_TEXTS.somethingWentWrong} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" size="large" block loading={isLoading} disabled={!ready && !isLoading}>
          {AUTH_TEXTS.setPassword}
        </Button>
      </form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/login">{AUTH_TEXTS.backToLogin}</Link>
      </div>
    </AuthCard>
  );
}
