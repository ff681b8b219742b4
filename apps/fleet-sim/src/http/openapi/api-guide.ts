import { PASSWORD_GRANT, TOKEN_CLIENT_ID } from '@equipment-dashboard/contract';
import { ALL_PERMISSIONS, ROLES, rolesWith } from '@equipment-dashboard/domain';

/** The sign-in fields the reference page fills in: only the password is left to type. */
export const TOKEN_REQUEST_EXAMPLE = {
  grant_type: PASSWORD_GRANT,
  username: 'admin',
  client_id: TOKEN_CLIENT_ID,
} as const;

function permissionsTable(): string {
  const rows = ALL_PERMISSIONS.map(
    (permission) => `| \`${permission}\` | ${rolesWith(permission).join(', ')} |`,
  );
  return ['| permission | roles that hold it |', '|---|---|', ...rows].join('\n');
}

/**
 * The reference's introduction (markdown): enough to script against the server with curl from the
 * page alone, since a tester may have nothing else.
 */
export function apiGuide(): string {
  return `The REST API of the fleet simulator: every call the console makes. Each call lists the role permission it
needs (\`x-permission\`); calls marked public need no token.

## Get a token

Sign in with the OAuth 2 password grant. The body is form-encoded, and \`client_id\` is always
\`${TOKEN_CLIENT_ID}\`. The demo users are named after their roles (${ROLES.map((role) => `\`${role}\``).join(', ')}); their
password is \`DEMO_PASSWORD\`, or the one the server printed on its first start and saved to
\`.data/demo-credentials.txt\`.

\`\`\`sh
BASE=http://localhost:3000   # this server
PASSWORD='...'               # the demo password
curl -s "$BASE/auth/token/v1" \\
  -d grant_type=${PASSWORD_GRANT} -d client_id=${TOKEN_CLIENT_ID} \\
  -d username=admin --data-urlencode "password=$PASSWORD"
\`\`\`

The answer is \`{ "access_token": "...", "token_type": "bearer", "expires_in": 43200, "user": { ... } }\`
(\`expires_in\` in seconds, \`TOKEN_TTL_MINUTES\` of the server). A wrong username or password is 401
\`{ "error": "invalid_grant", "error_description": "..." }\`; repeated failures are 429 with \`Retry-After\`.

## Call the API with it

Send the token in the \`Authorization\` header:

\`\`\`sh
TOKEN=$(curl -s "$BASE/auth/token/v1" -d grant_type=${PASSWORD_GRANT} -d client_id=${TOKEN_CLIENT_ID} \\
  -d username=admin --data-urlencode "password=$PASSWORD" | jq -r .access_token)
curl -s -H "Authorization: Bearer $TOKEN" "$BASE/read/aligners/v1/?page=1"
\`\`\`

On this page: open **POST /auth/token/v1**, press **Try it out**, type the password, **Execute**, copy
\`access_token\`; then press **Authorize** at the top, paste it, and every **Try it out** sends it.
A password change ends every earlier token of the user (the change answers a new one).

## Roles and permissions

A call that names a permission answers 403 to a role that lacks it. Calls without a permission are open to
every signed-in role, \`guest\` included (guest holds no permission: it reads only).

${permissionsTable()}

## Errors

Every error answers \`{ "error": "<a sentence for people>", "code": "<machine-readable>", "details": ... }\`:
400 bad input (\`details\` is a list of \`{ "path", "message" }\`), 401 no, expired or revoked token,
403 the role lacks the permission (\`details.permission\`), 404 unknown thing, 409 a state conflict
(\`code\` says which), 429 sign-in throttled, 501 a call not served by this simulator, 502 a unit failed a
command, 503 the gateway is down. The token call answers RFC 6749 errors instead:
\`{ "error": "invalid_grant" | "unsupported_grant_type" | "invalid_request", "error_description": "..." }\`.

Live updates come over socket.io (\`/socket.io/\`, namespace \`/dashboard\`, the token in the handshake's
\`auth.token\`); they are not part of this document.`;
}
