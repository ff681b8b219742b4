import { Alert } from 'antd';
import { useState } from 'react';
import { useRequestResetUserPasswordMutation } from '@equipment-dashboard/api-client';
import { Hint } from './auth-card';
import { AuthField } from './auth-field';
import { AuthForm } from './auth-form';
import { AUTH_TEXTS } from './texts';

/**
 * Request reset (console-core §2, §4, §5): REQUEST RESET is disabled until a username is entered, and
 * after a successful request, which shows the confirmation. A failure re-enables it and says so (the
 * old console only logged it).
 */
export function RequestResetPage() {
  const [username, setUsername] = useState('');
  const [requestReset, { isLoading, isSuccess, isError }] = useRequestResetUserPasswordMutation();
  const ready = username.trim() !== '' && !isLoading && !isSuccess;

  const submit = async () => {
    const result = await requestReset({ username: username.trim() });
    if (result.error) console.warn('password reset request failed', result.error);
  };

  return (
    <AuthForm
      title={AUTH_TEXTS.requestResetTitle}
      intro={<Hint>{AUTH_TEXTS.requestResetHint}</Hint>}
      submitLabel={AUTH_TEXTS.requestReset}
      ready={ready}
      loading={isLoading}
      onSubmit={submit}
      link={{ to: '/login', label: AUTH_TEXTS.backToLogin }}
    >
      <AuthField
        id="reset-username"
        label={AUTH_TEXTS.username}
        value={username}
        onChange={setUsername}
        disabled={isSuccess}
        autoComplete="username"
        autoFocus
      />
      {isSuccess && (
        <Alert type="success" showIcon title={AUTH_TEXTS.resetRequested} style={{ marginBottom: 16 }} />
      )}
      {isError && (
        <Alert type="error" showIcon title={AUTH_TEXTS.resetRequestFailed} style={{ marginBottom: 16 }} />
      )}
    </AuthForm>
  );
}
