import { Alert } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useResetUserPasswordMutation } from '@equipment-dashboard/api-client';
import { canSetPassword } from '@equipment-dashboard/domain';
import { useAppDispatch } from '../../app/store';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { Hint } from './auth-card';
import { AuthField } from './auth-field';
import { AuthForm } from './auth-form';
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

  const submit = async () => {
    const result = await resetPassword({ token, newPassword });
    if (result.error) return;
    dispatch(snackbarShown(AUTH_TEXTS.passwordSet));
    navigate('/login', { replace: true });
  };

  return (
    <AuthForm
      title={AUTH_TEXTS.setPasswordTitle}
      submitLabel={AUTH_TEXTS.setPassword}
      ready={ready}
      loading={isLoading}
      onSubmit={submit}
      link={{ to: '/login', label: AUTH_TEXTS.backToLogin }}
    >
      {(
        [
          ['set-new-password', AUTH_TEXTS.newPassword, newPassword, setNewPassword],
          ['set-verify-password', AUTH_TEXTS.verifyNewPassword, verifyPassword, setVerifyPassword],
        ] as const
      ).map(([id, label, value, onChange], index) => (
        <AuthField
          key={id}
          id={id}
          label={label}
          password
          value={value}
          onChange={onChange}
          autoComplete="new-password"
          autoFocus={index === 0}
        />
      ))}
      <Hint>{AUTH_TEXTS.passwordLengthHint}</Hint>
      {isError && (
        <Alert type="error" showIcon title={AUTH_TEXTS.somethingWentWrong} style={{ marginBottom: 16 }} />
      )}
    </AuthForm>
  );
}
