import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CSV_EXPORTS, ENDPOINTS } from '@equipment-dashboard/contract';
import request from 'supertest';
import { createApp } from '../../app';
import { loadConfig } from '../../config/config';
import { createLogger } from '../../logging';
import { TEST_PASSWORD, useTestServer } from '../../test/test-server';

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        security: unknown;
        requestBody: {
          content: Record<string, { schema: { properties: Record<string, { examples?: string[] }> } }>;
        };
      }
    >
  >;
}

/** The app as the server builds it, with a built console beside the API whose fallback must not take the docs. */
function app() {
  const consoleDir = mkdtempSync(join(tmpdir(), 'console-'));
  writeFileSync(join(consoleDir, 'index.html'), '<title>Equipment Dashboard console</title>');
  return createApp({
    config: loadConfig({ CONSOLE_DIR: consoleDir }),
    logger: createLogger('silent'),
    routers: [],
  });
}

const localUrls = (html: string) =>
  [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] as string);

describe('GET /api/openapi.json and /api/docs', () => {
  it('when the document is asked for without a token, then it answers the OpenAPI 3.1 document of every call and CSV export', async () => {
    const res = await request(app()).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.openapi).toMatch(/^3\.1\./);
    const operations = Object.values(res.body.paths as Record<string, object>).flatMap((item) =>
      Object.keys(item),
    );
    expect(operations).toHaveLength(ENDPOINTS.length + CSV_EXPORTS.length);
    expect(res.body.paths['/read/aligners/v1/export.csv'].get.responses['200'].content).toHaveProperty(
      'text/csv',
    );
  });

  it('when a browser opens /api/docs, then it gets the reference page, not the console, with local files only and no inline script', async () => {
    const res = await request(app()).get('/api/docs').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('id="swagger-ui"');
    expect(res.text).not.toContain('Equipment Dashboard console');
    const urls = localUrls(res.text);
    expect(urls.length).toBeGreaterThanOrEqual(3);
    for (const url of urls) expect(url).toMatch(/^\/api\/docs\//);
    expect(res.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
  });

  it('when the page loads its files, then each answers 200 with its type', async () => {
    const http = request(app());
    const page = await http.get('/api/docs');
    for (const url of localUrls(page.text)) {
      const res = await http.get(url);
      expect({ url, status: res.status }).toEqual({ url, status: 200 });
      expect(res.headers['content-type']).toMatch(/javascript|css|png/);
    }
    const init = await http.get('/api/docs/init.js');
    expect(init.text).toContain('url: "/api/openapi.json"');
    expect(init.text).toContain('validatorUrl: null');
  });

  it('when a file outside the page is asked for, then 404 with the error body', async () => {
    const http = request(app());
    for (const url of [
      '/api/docs/assets/package.json',
      '/api/docs/assets/index.html',
      '/api/docs/assets/..%2Fpackage.json',
    ]) {
      const res = await http.get(url).set('Accept', 'text/html');
      expect({ url, status: res.status }).toEqual({ url, status: 404 });
      expect(res.body.code).toBe('not_found');
    }
  });
});

describe('the reference on a running server', () => {
  const t = useTestServer();

  it('when a tester signs in with the fields the page fills in and sends the token as it says, then the call answers', async () => {
    const doc = (await t.http.get('/api/openapi.json')).body as OpenApiDocument;
    const fields =
      doc.paths['/auth/token/v1']?.['post']?.requestBody.content['application/x-www-form-urlencoded']?.schema
        .properties ?? {};
    const signIn = Object.fromEntries(
      Object.entries(fields).map(([name, field]) => [name, field.examples?.[0] ?? TEST_PASSWORD]),
    );
    const token = await t.http.post('/auth/token/v1').type('form').send(signIn);
    expect(token.status).toBe(200);

    const aligners = await t.http
      .get('/read/aligners/v1/')
      .set('Authorization', `Bearer ${token.body.access_token as string}`);
    expect(aligners.status).toBe(200);
    expect(doc.paths['/read/aligners/v1/']?.['get']?.security).toEqual([{ bearer: [] }]);
  });
});
