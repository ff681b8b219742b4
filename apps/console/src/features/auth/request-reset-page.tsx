import { Alert, Button, Input } from 'antd';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useRequestResetUserPasswordMutation } from '@equipment-dashboard/api-client';
import { AuthCard, Hint } from './auth-card';
import { AuthField } from './auth-field';
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const result = await requestReset({ username: username.trim() });
    if (result.error) console.warn('password reset request failed', result.error);
  };

  return (
    <AuthCard title={AUTH_TEXTS.requestResetTitle}>
      <Hint>{AUTH_TEXTS.requestResetHint}</Hint>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <AuthField id="reset-username" label={AUTH_TEXTS.username}>
          <Input
            id="reset-username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            disabled={isSuccess}
            autoComplete="username"
            autoFocus
            size="large"
          />
        </AuthField>
        {isSuccess && <Alert type="success" showIcon title={AUTH_TEXTS.resetRequested} style={{ marginBottom: 16 }} />}
        {isError && <Alert type="error" showIcon title={AUTH_TEXTS.resetRequestFailed} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" size="large" block loading={isLoading} disabled={!ready && !isLoading}>
          {AUTH_TEXTS.requestReset}
        </Button>
      </form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/login">{AUTH_TEXTS.backToLogin}</Link>
      </div>
    </AuthCard>
  );
}
