import {
  issuerUrlProblem,
  parseRoleMap,
  PROVIDER_ID_PATTERN,
  type RoleMapEntry,
} from '@equipment-dashboard/domain';

/** One identity provider, as the configuration gives it (checked). */
export interface OidcProviderSettings {
  /** `oidc` for the provider of the OIDC_* variables; an OIDC_PROVIDERS entry's `id` otherwise. */
  id: string;
  issuer: string;
  clientId: string;
  /** Absent for a public client (PKCE alone). */
  clientSecret?: string;
  /** The sign-in button's text after "Sign in with". */
  name: string;
  scopes: string[];
  /** The claim holding the groups: a claim name or a dotted path (`realm_access.roles`). */
  roleClaim: string;
  roleMap: RoleMapEntry[];
  /** No matching group, no entry (true by default); false gives such users the guest role. */
  roleStrict: boolean;
}

/** The id of the provider of the OIDC_* variables. */
export const ENV_PROVIDER_ID = 'oidc';

const DEFAULT_SCOPES = 'openid profile email groups';
const DEFAULT_ROLE_CLAIM = 'groups';

/** The fields of one provider, by the names OIDC_PROVIDERS' entries may use. */
const FIELDS = [
  'id',
  'issuer',
  'clientId',
  'clientSecret',
  'name',
  'scopes',
  'roleClaim',
  'roleMap',
  'roleStrict',
] as const;
type Field = (typeof FIELDS)[number];

/**
 * An OIDC_PROVIDERS key as a field: `clientId`, `client_id` and `OIDC_CLIENT_ID` all name the client id, so an
 * entry may be written with the variables' names or in camel case.
 */
function fieldOf(key: string): Field | undefined {
  const bare = key
    .replace(/^oidc_/i, '')
    .replace(/_/g, '')
    .toLowerCase();
  return FIELDS.find((field) => field.toLowerCase() === bare);
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(';');
  return undefined;
}

function flag(value: string | undefined, fallback: boolean): boolean | null {
  if (value === undefined || value === '') return fallback;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return null;
}

/** Checks one provider's fields; `where` prefixes its problems (`OIDC_` or `OIDC_PROVIDERS[1].`). */
function provider(
  fields: Partial<Record<Field, string>>,
  where: (field: string) => string,
  problems: string[],
): OidcProviderSettings | null {
  const before = problems.length;
  const id = fields.id ?? '';
  if (!PROVIDER_ID_PATTERN.test(id))
    problems.push(`${where('id')}: "${id}" is not an id (a-z, 0-9, -; 32 at most)`);
  const issuer = fields.issuer ?? '';
  const issuerProblem = issuerUrlProblem(issuer);
  if (issuerProblem) problems.push(`${where('issuer')}: ${issuerProblem}`);
  const clientId = fields.clientId ?? '';
  if (!clientId) problems.push(`${where('clientId')}: required when a provider is set`);
  const scopes = (fields.scopes ?? DEFAULT_SCOPES).split(/[\s;]+/).filter(Boolean);
  if (!scopes.includes('openid')) problems.push(`${where('scopes')}: must include openid`);
  const roleClaim = fields.roleClaim ?? DEFAULT_ROLE_CLAIM;
  const roleMap = parseRoleMap(fields.roleMap ?? '');
  roleMap.problems.forEach((p) => problems.push(`${where('roleMap')}: ${p}`));
  const roleStrict = flag(fields.roleStrict, true);
  if (roleStrict === null) problems.push(`${where('roleStrict')}: true or false`);
  if (roleStrict && roleMap.entries.length === 0 && roleMap.problems.length === 0) {
    problems.push(
      `${where('roleMap')}: empty while strict: nobody could sign in (map a group, or * for anyone)`,
    );
  }
  if (problems.length > before) return null;
  return {
    id,
    issuer: issuer.replace(/\/+$/, ''),
    clientId,
    ...(fields.clientSecret ? { clientSecret: fields.clientSecret } : {}),
    name: fields.name ?? id,
    scopes,
    roleClaim,
    roleMap: roleMap.entries,
    roleStrict: roleStrict ?? true,
  };
}

const envName = (field: string) => `OIDC_${field.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/**
 * The identity providers of the environment: the one of the OIDC_* variables (id `oidc`, when OIDC_ISSUER is set)
 * and those of OIDC_PROVIDERS (a JSON list of the same fields, each with an `id`), with every problem found.
 */
export function oidcSettings(env: NodeJS.ProcessEnv): {
  providers: OidcProviderSettings[];
  problems: string[];
} {
  const problems: string[] = [];
  const providers: OidcProviderSettings[] = [];
  if (env['OIDC_ISSUER']?.trim()) {
    const found = provider(
      {
        id: ENV_PROVIDER_ID,
        issuer: env['OIDC_ISSUER']?.trim(),
        clientId: env['OIDC_CLIENT_ID']?.trim() || undefined,
        clientSecret: env['OIDC_CLIENT_SECRET'] || undefined,
        name: env['OIDC_NAME']?.trim() || undefined,
        scopes: env['OIDC_SCOPES']?.trim() || undefined,
        roleClaim: env['OIDC_ROLE_CLAIM']?.trim() || undefined,
        roleMap: env['OIDC_ROLE_MAP'],
        roleStrict: env['OIDC_ROLE_STRICT']?.trim(),
      },
      envName,
      problems,
    );
    if (found) providers.push(found);
  }
  const list = env['OIDC_PROVIDERS']?.trim();
  if (list) {
    let entries: unknown;
    try {
      entries = JSON.parse(list);
    } catch {
      problems.push('OIDC_PROVIDERS: not JSON (a list of providers, each with an id)');
    }
    if (entries !== undefined && !Array.isArray(entries))
      problems.push('OIDC_PROVIDERS: must be a JSON list');
    if (Array.isArray(entries)) {
      entries.forEach((entry: unknown, index) => {
        const where = (field: string) => `OIDC_PROVIDERS[${index}].${field}`;
        if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
          problems.push(`OIDC_PROVIDERS[${index}]: must be an object`);
          return;
        }
        const fields: Partial<Record<Field, string>> = {};
        for (const [key, value] of Object.entries(entry)) {
          const field = fieldOf(key);
          if (!field) problems.push(`${where(key)}: unknown field (${FIELDS.join(', ')})`);
          else fields[field] = text(value);
        }
        const found = provider(fields, where, problems);
        if (found) providers.push(found);
      });
    }
  }
  const ids = providers.map((p) => p.id);
  for (const id of new Set(ids.filter((id, i) => ids.indexOf(id) !== i))) {
    problems.push(
      `OIDC_PROVIDERS: the id "${id}" is used twice (the OIDC_* variables' provider is "${ENV_PROVIDER_ID}")`,
    );
  }
  return { providers, problems };
}
