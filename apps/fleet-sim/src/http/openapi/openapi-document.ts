import {
  CSV_EXPORTS,
  csvExportEndpoint,
  ENDPOINTS_BY_AREA,
  errorBodySchema,
  type ApiArea,
  type CsvExportDef,
  type EndpointDef,
} from '@equipment-dashboard/contract';
import { rolesWith } from '@equipment-dashboard/domain';
import { z } from 'zod';
import { apiGuide, TOKEN_REQUEST_EXAMPLE } from './api-guide';

type JsonObject = Record<string, unknown>;

/** One line per area: the reference's sections, in the contract's order. */
const AREA_TAGS: Record<ApiArea, string> = {
  auth: "Sign-in (the password form and the company's identity providers), sign-out, password change and reset.",
  accessTokens: 'Personal access tokens for scripts: create (shown once), list with their last use, revoke.',
  equipment: "Units: lists, details, My Radar, screenshots, the unit's reports and tickets, deletion.",
  commands: 'Remote commands to a unit (queued while it is offline).',
  staging: 'Stage and unstage software updates on units.',
  dashboard: 'Fleet figures, back-end services and the trend chart.',
  tickets: 'Support tickets, comments and attachments.',
  updates: 'Software, Tru-Point, Oasis and spec update packages.',
  scheduler: 'Update Scheduler: units, delivery statistics and scheduled updates.',
  users: 'User accounts.',
  notifications: 'Notifications / Ads shown on units.',
  messages: 'Messages to units: drafts, approval, serial number lists.',
  ezadas: 'EZ ADAS fixtures and targets.',
  pairings: 'Tru-Point vendor pairings.',
  cameraCal: 'Camera calibrations.',
  ai: 'AIKnow chat sessions and their statistics.',
  sim: 'Fleet simulator control: the simulated clock and scenarios (not a spec call).',
  simulator:
    "The Simulator screen: a scenario's preview, the validation of its text, the timeline of applied scenarios and the cancel of their later steps (not a spec call).",
  simSnapshots:
    "The Simulator screen's field-state snapshots: save, list, restore, export and import the simulated world, and its digest (not a spec call).",
  audits: 'The audit trail of remote commands.',
  savedViews: "Saved views of the lists: a name for a list's filters and sort, own or shared.",
  history: "A unit's timeline: connections, versions, update phases, commands, staging and tickets.",
  bulkActions: 'Bulk actions on a selection of units, run as one job with its progress.',
  rollouts:
    'Phased rollouts of a published version: phases, thresholds, automatic pause; pause, resume, abort.',
  alerts:
    'Alerts: rules with a pending period, alerts and their lifecycle, silences and maintenance windows, signed webhooks, e-mail preferences.',
  fleetHistory:
    "Fleet Health: the fleet's history (hourly and daily rollups) by family, country or version with the equipment list's filters or a saved view, release adoption, two releases compared; their CSVs.",
  fleetMap:
    "The fleet map: units per country, region or city with connected, offline, updating and firing alerts, with the equipment list's filters or a saved view; its CSV.",
  scenarioFiles:
    'Scenario files for testers: capture units as a scenario, and the scenarios saved in DATA_DIR (save, read, download, delete) (not a spec call).',
};

const MEDIA_TYPES = {
  json: 'application/json',
  urlencoded: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
  raw: 'application/gzip',
} as const;

const STATUS_TEXT: Record<number, string> = {
  200: 'OK.',
  201: 'Created.',
  202: 'Accepted: the unit is offline, the command waits for it.',
  204: 'No content.',
};

/**
 * Requests are described as a client sends them (`input`), answers as the contract reads them (`output`).
 * Transforms, refinements and dates have no JSON Schema: `unrepresentable: 'any'` leaves them open
 * rather than failing the whole document.
 */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonObject;
  return rest;
}

const ref = (kind: 'schemas' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });
const jsonContent = (schema: unknown) => ({ 'application/json': { schema } });

/** `/api/v1/screen_shot/:id` → `/api/v1/screen_shot/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
}

function propertiesOf(schema: JsonObject): { properties: Record<string, JsonObject>; required: Set<string> } {
  return {
    properties: (schema['properties'] ?? {}) as Record<string, JsonObject>,
    required: new Set((schema['required'] ?? []) as string[]),
  };
}

function parametersOf(def: EndpointDef): JsonObject[] {
  const path = propertiesOf(def.params ? jsonSchemaOf(def.params, 'input') : {});
  const pathParameters = [...def.path.matchAll(/:([A-Za-z_]\w*)/g)].map(([, name = '']) => ({
    name,
    in: 'path',
    required: true,
    schema: path.properties[name] ?? { type: 'string' },
  }));
  const query = propertiesOf(def.query ? jsonSchemaOf(def.query, 'input') : {});
  const queryParameters = Object.entries(query.properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: query.required.has(name),
    schema,
  }));
  return [...pathParameters, ...queryParameters];
}

function requestBodyOf(def: EndpointDef): JsonObject | undefined {
  // A raw body is a file's bytes: no schema describes them.
  if (def.bodyEncoding === 'raw')
    return {
      required: true,
      content: { [MEDIA_TYPES.raw]: { schema: { type: 'string', format: 'binary' } } },
    };
  if (!def.body) return undefined;
  const encoding = def.bodyEncoding ?? 'json';
  const schema = jsonSchemaOf(def.body, 'input');
  if (encoding === 'multipart') {
    // The file part is read by multer, not by the contract's body schema.
    schema['properties'] = {
      ...propertiesOf(schema).properties,
      file: { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' },
    };
    schema['required'] = [...propertiesOf(schema).required, 'file'];
  }
  if (def === ENDPOINTS_BY_AREA.auth.token) withSignInExample(schema);
  return { required: true, content: { [MEDIA_TYPES[encoding]]: { schema } } };
}

/** Swagger UI fills a form's fields from their own examples (a media type's example it ignores for forms). */
function withSignInExample(schema: JsonObject): void {
  const { properties } = propertiesOf(schema);
  for (const [name, value] of Object.entries(TOKEN_REQUEST_EXAMPLE)) {
    const property = properties[name];
    if (property) property['examples'] = [value];
  }
  if (properties['password']) properties['password']['format'] = 'password';
}

function responsesOf(def: EndpointDef): JsonObject {
  const responses: JsonObject = {};
  for (const status of def.successStatus ?? [200]) {
    const description = STATUS_TEXT[status] ?? 'Success.';
    if (status === 204) responses[status] = { description };
    else if (def.binary)
      responses[status] = { description: `${description} An image.`, content: { 'image/*': {} } };
    else responses[status] = { description, content: jsonContent(jsonSchemaOf(def.response, 'output')) };
  }
  if (def === ENDPOINTS_BY_AREA.auth.token) {
    responses['400'] = {
      description: 'Bad request (RFC 6749): unsupported_grant_type or invalid_request.',
      content: jsonContent(ref('schemas', 'OAuthError')),
    };
    responses['401'] = {
      description: 'Wrong username or password, or a deactivated user: invalid_grant.',
      content: jsonContent(ref('schemas', 'OAuthError')),
    };
    responses['429'] = ref('responses', 'TooManyRequests');
  } else {
    responses['400'] = ref('responses', 'BadRequest');
    if (def.auth === 'token') responses['401'] = ref('responses', 'Unauthorized');
    if (def.permission) responses['403'] = ref('responses', 'Forbidden');
  }
  responses['default'] = ref('responses', 'Error');
  return responses;
}

function accessLine(def: EndpointDef): string {
  if (def.auth === 'public') return 'Public: no token.';
  if (!def.permission) return 'Needs a token; every role may call it.';
  return `Needs a token and the permission \`${def.permission}\` (roles: ${rolesWith(def.permission).join(', ')}).`;
}

function operationOf(def: EndpointDef, area: ApiArea): JsonObject {
  const parameters = parametersOf(def);
  const requestBody = requestBodyOf(def);
  return {
    operationId: def.name,
    tags: [area],
    summary: def.summary,
    description: accessLine(def),
    ...(def.permission ? { 'x-permission': def.permission } : {}),
    security: def.auth === 'public' ? [] : [{ bearer: [] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(def),
  };
}

function errorResponse(description: string): JsonObject {
  return { description, content: jsonContent(ref('schemas', 'Error')) };
}

const components = () => ({
  securitySchemes: {
    bearer: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'The `access_token` answered by POST /auth/token/v1.',
    },
  },
  schemas: {
    Error: jsonSchemaOf(errorBodySchema, 'output'),
    OAuthError: {
      type: 'object',
      required: ['error', 'error_description'],
      properties: {
        error: { enum: ['invalid_grant', 'unsupported_grant_type', 'invalid_request'] },
        error_description: { type: 'string' },
        details: {},
      },
    },
  },
  responses: {
    BadRequest: errorResponse('Bad input: `details` lists `{ path, message }` for each problem.'),
    Unauthorized: errorResponse('No token, or an expired or revoked one.'),
    Forbidden: errorResponse("The caller's role lacks the permission (`details.permission`)."),
    TooManyRequests: errorResponse('Too many failed sign-ins: wait `Retry-After` seconds.'),
    Error: errorResponse(
      'Another error with the same body: 404 unknown, 409 conflict (`code`), 501 not served, 502 the unit failed, 503 the gateway is down.',
    ),
  },
});

/** The area a call belongs to (the CSV export of a list goes under its list's section). */
function areaOf(def: EndpointDef): ApiArea | undefined {
  const found = (Object.entries(ENDPOINTS_BY_AREA) as [ApiArea, Record<string, EndpointDef>][]).find(
    ([, endpoints]) => Object.values(endpoints).includes(def),
  );
  return found?.[0];
}

/**
 * GET `<list path>/export.csv`: the list's query without its page (the export ignores it), the list's
 * token and permission, and the file as `text/csv`.
 */
function csvExportOperationOf(def: CsvExportDef, area: ApiArea): JsonObject {
  const operation = operationOf(csvExportEndpoint(def), area);
  const parameters = ((operation['parameters'] ?? []) as JsonObject[]).filter(
    (p) => !(p['in'] === 'query' && p['name'] === 'page'),
  );
  const { parameters: _all, ...rest } = operation;
  return {
    ...rest,
    description: `${accessLine(def.list)} Every row the list's filters match, in its order (not one page), with the columns its screen shows.`,
    ...(parameters.length > 0 ? { parameters } : {}),
    responses: {
      ...(operation['responses'] as JsonObject),
      200: {
        description:
          `OK. A UTF-8 CSV file with a byte order mark, a header row and CRLF line ends, as an attachment ` +
          `(\`${def.fileName}-YYYY-MM-DD.csv\`); cells starting with = + - @ tab or CR get a leading quote (OWASP).`,
        headers: {
          'Content-Disposition': {
            schema: { type: 'string' },
            description: `attachment; filename="${def.fileName}-YYYY-MM-DD.csv"`,
          },
        },
        content: { 'text/csv': { schema: { type: 'string' } } },
      },
    },
  };
}

/** Builds the OpenAPI 3.1 document of every call of the contract, and of every list's CSV export. */
export function buildOpenApiDocument(): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const [area, endpoints] of Object.entries(ENDPOINTS_BY_AREA) as [
    ApiArea,
    Record<string, EndpointDef>,
  ][]) {
    for (const def of Object.values(endpoints)) {
      const item = (paths[openApiPath(def.path)] ??= {});
      item[def.method.toLowerCase()] = operationOf(def, area);
    }
  }
  for (const def of CSV_EXPORTS) {
    const area = areaOf(def.list);
    if (area) (paths[openApiPath(def.path)] ??= {})['get'] = csvExportOperationOf(def, area);
  }
  return {
    openapi: '3.1.1',
    info: { title: 'Equipment Dashboard API', version: '1', description: apiGuide() },
    servers: [{ url: '/', description: 'This server' }],
    tags: Object.entries(AREA_TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: components(),
  };
}

let built: JsonObject | undefined;

/** The document, built on first use and kept: the contract does not change while the server runs. */
export function openApiDocument(): JsonObject {
  return (built ??= buildOpenApiDocument());
}
