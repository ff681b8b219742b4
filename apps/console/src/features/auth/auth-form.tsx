import { Button } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AuthCard } from './auth-card';

/**
 * A signed-out screen's form (console-core §2, §4): its card, the fields, the submit button (Enter
 * submits too; disabled until the fields allow it, spinning while the call runs) and a link below.
 */
export function AuthForm({
  title,
  intro,
  submitLabel,
  ready,
  loading,
  onSubmit,
  link,
  children,
}: {
  title: string;
  /** What stands above the form. */
  intro?: ReactNode;
  submitLabel: string;
  ready: boolean;
  loading: boolean;
  onSubmit: () => Promise<void>;
  link: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <AuthCard title={title}>
      {intro}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) void onSubmit();
        }}
        noValidate
      >
        {children}
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={loading}
          disabled={!ready && !loading}
        >
          {submitLabel}
        </Button>
      </form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to={link.to}>{link.label}</Link>
      </div>
    </AuthCard>
  );
}
