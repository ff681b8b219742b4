import { Button } from 'antd';
import { LoginOutlined } from '@ant-design/icons';
import type { IdentityProvider } from '@equipment-dashboard/contract';
import { browser } from '../../shared/browser';
import { AUTH_TEXTS } from './texts';

/** Where a provider's sign-in starts (a page of the server, which sends the browser on to the provider). */
export function providerLoginUrl(id: string, returnTo: string | null): string {
  const base = `/auth/oidc/${encodeURIComponent(id)}/login`;
  return returnTo ? `${base}?returnTo=${encodeURIComponent(returnTo)}` : base;
}

/** One button per identity provider: "Sign in with <name>". */
export function ProviderButtons({
  providers,
  returnTo,
}: {
  providers: readonly IdentityProvider[];
  returnTo: string | null;
}) {
  if (providers.length === 0) return null;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12, marginBottom: 8 }}>
      {providers.map((provider) => (
        <Button
          key={provider.id}
          size="large"
          block
          icon={<LoginOutlined aria-hidden />}
          onClick={() => browser.assign(providerLoginUrl(provider.id, returnTo))}
        >
          {AUTH_TEXTS.signInWith(provider.name)}
        </Button>
      ))}
    </div>
  );
}
