import type { Config } from '../../config/config';
import { RelyingParty } from './relying-party';
import { Sealer } from './sealer';

/** The configured identity providers as relying parties, and the sealer of their cookies and refresh tokens. */
export interface IdentityProviders {
  /** In configuration order: the OIDC_* variables' provider first, then OIDC_PROVIDERS'. */
  readonly list: readonly RelyingParty[];
  get(id: string): RelyingParty | undefined;
  readonly sealer: Sealer;
}

/** The redirect URI a provider sends the browser back to: `${PUBLIC_URL}/auth/oidc/<id>/callback`. */
export const callbackUri = (publicUrl: string, id: string) => `${publicUrl}/auth/oidc/${id}/callback`;

export function createIdentityProviders(
  config: Pick<Config, 'OIDC' | 'PUBLIC_URL'>,
  secret: string,
): IdentityProviders {
  const list = config.OIDC.map(
    (settings) => new RelyingParty(settings, callbackUri(config.PUBLIC_URL, settings.id)),
  );
  const byId = new Map(list.map((rp) => [rp.id, rp]));
  return { list, get: (id) => byId.get(id), sealer: new Sealer(secret) };
}
