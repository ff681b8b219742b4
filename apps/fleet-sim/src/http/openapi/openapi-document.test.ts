import SwaggerParser from '@apidevtools/swagger-parser';
import { CSV_EXPORTS, ENDPOINTS, TOKEN_CLIENT_ID, type EndpointDef } from '@equipment-dashboard/contract';
import { buildOpenApiDocument, openApiDocument, openApiPath } from './openapi-document';

interface Operation {
  operationId: string;
  tags: string[];
  description: string;
  security: { bearer?: string[] }[];
  'x-permission'?: string;
  parameters?: { name: string; in: string }[];
  requestBody?: {
    content: Record<
      string,
      { schema: { properties?: Record<string, { examples?: string[]; format?: string }> } }
    >;
  };
  responses: Record<string, unknown>;
}
interface Document {
  openapi: string;
  info: { description: string };
  paths: Record<string, Record<string, Operation>>;
}

const doc = openApiDocument() as unknown as Document;
const operationOf = (def: EndpointDef): Operation | undefined =>
  doc.paths[openApiPath(def.path)]?.[def.method.toLowerCase()];

describe('the OpenAPI document of the contract', () => {
  it('when the document is built, then every call of the contract and every CSV export is in it under its path and method, and nothing else', () => {
    const missing = ENDPOINTS.filter((def) => operationOf(def)?.operationId !== def.name).map(
      (def) => `${def.method} ${def.path}`,
    );
    expect(missing).toEqual([]);
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(operations).toHaveLength(ENDPOINTS.length + CSV_EXPORTS.length);
    expect(ENDPOINTS.length).toBeGreaterThanOrEqual(116);
  });

  it('when the document is validated, then it is valid OpenAPI 3.1', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    // The validator resolves $refs in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
    // The validator does refuse a broken document (a response without its description).
    const broken = { ...structuredClone(doc), paths: { '/x': { get: { responses: { '200': {} } } } } };
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow(/description/);
  });

  it("when a list has a CSV export, then GET <list path>/export.csv is there: the list's query but its page, its token and permission, a text/csv file", () => {
    expect(CSV_EXPORTS.length).toBeGreaterThanOrEqual(12);
    const queryOf = (operation: Operation) =>
      (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    for (const def of CSV_EXPORTS) {
      const operation = doc.paths[openApiPath(def.path)]?.['get'] as Operation;
      const list = operationOf(def.list) as Operation;
      expect({ path: def.path, operationId: operation?.operationId }).toEqual({
        path: def.path,
        operationId: `${def.list.name}Csv`,
      });
      expect(operation.tags).toEqual(list.tags);
      expect(queryOf(operation)).toEqual(queryOf(list).filter((name) => name !== 'page'));
      expect(operation.security).toEqual([{ bearer: [] }]);
      expect(operation['x-permission']).toBe(def.list.permission);
      expect(operation.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
      if (def.list.permission)
        expect(operation.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
      expect(operation.responses['400']).toEqual({ $ref: '#/components/responses/BadRequest' });
      expect(Object.keys((operation.responses['200'] as { content: object }).content)).toEqual(['text/csv']);
    }
    const equipment = doc.paths['/read/aligners/v1/export.csv']?.['get'] as Operation;
    expect(queryOf(equipment)).toEqual(
      expect.arrayContaining(['filterSerialNumber', 'filterFamily', 'sortBy', 'sortDesc']),
    );
    expect(queryOf(equipment)).not.toContain('page');
    expect(
      queryOf(
        operationOf(ENDPOINTS.find((d) => d.name === 'equipment.readAligners') as EndpointDef) as Operation,
      ),
    ).toContain('page');
  });

  it('when a path has parameters, then each is declared as a path parameter', () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const operation of Object.values(item)) {
        const declared = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        expect({ path, declared }).toEqual({ path, declared: inPath });
      }
    }
  });

  it('when a call needs a token, then it asks for the bearer token and names its permission; a public call asks for none', () => {
    for (const def of ENDPOINTS) {
      const operation = operationOf(def) as Operation;
      if (def.auth === 'public') {
        expect({ name: def.name, security: operation.security }).toEqual({ name: def.name, security: [] });
        expect(operation.responses['401']).not.toEqual({ $ref: '#/components/responses/Unauthorized' });
      } else {
        expect({ name: def.name, security: operation.security }).toEqual({
          name: def.name,
          security: [{ bearer: [] }],
        });
        expect(operation.responses['401']).toBeDefined();
      }
      expect({ name: def.name, permission: operation['x-permission'] }).toEqual({
        name: def.name,
        permission: def.permission,
      });
      if (def.permission) expect(operation.description).toContain(def.permission);
      expect(operation.responses['400']).toBeDefined();
    }
  });

  it('when a call has a query or a body, then its fields are in the document in the encoding the server reads', () => {
    const token = doc.paths['/auth/token/v1']?.['post'];
    const form = token?.requestBody?.content['application/x-www-form-urlencoded'];
    expect(Object.keys(form?.schema.properties ?? {})).toEqual([
      'grant_type',
      'username',
      'password',
      'client_id',
    ]);
    expect(form?.schema.properties?.['grant_type']?.examples).toEqual(['password']);
    expect(form?.schema.properties?.['client_id']?.examples).toEqual([TOKEN_CLIENT_ID]);
    expect(form?.schema.properties?.['password']).toMatchObject({ format: 'password' });

    const upload = doc.paths['/upload_ticket_attachment']?.['post'];
    expect(Object.keys(upload?.requestBody?.content['multipart/form-data']?.schema.properties ?? {})).toEqual(
      ['description', 'file'],
    );
    expect(upload?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual([
      'query:ticketId',
      'query:authorUsername',
    ]);
  });

  it('when a tester reads the introduction, then it says how to get a token with curl and how to send it', () => {
    const guide = doc.info.description;
    expect(guide).toContain('/auth/token/v1');
    expect(guide).toContain('grant_type=password');
    expect(guide).toContain(`client_id=${TOKEN_CLIENT_ID}`);
    expect(guide).toContain('Authorization: Bearer $TOKEN');
    expect(guide).toContain('`equipment.openPort` | admin, engineer |');
  });

  it('when the document is asked for twice, then it is built once', () => {
    expect(openApiDocument()).toBe(openApiDocument());
    expect(buildOpenApiDocument()).toEqual(openApiDocument());
  });
});
