import request from 'supertest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createApp } from './app';
import { loadConfig } from './config/config';
import { createLogger } from './logging';

const CHUNK = `export const answer = ${'42 + '.repeat(200)}0;`;

function appWithConsole() {
  const consoleDir = mkdtempSync(join(tmpdir(), 'console-'));
  writeFileSync(join(consoleDir, 'index.html'), '<title>Equipment Dashboard</title>');
  // A built chunk with the compressed copies the console's build writes beside it.
  mkdirSync(join(consoleDir, 'assets'));
  writeFileSync(join(consoleDir, 'assets', 'chunk-abc123.js'), CHUNK);
  writeFileSync(join(consoleDir, 'assets', 'chunk-abc123.js.br'), brotliCompressSync(CHUNK));
  writeFileSync(join(consoleDir, 'assets', 'chunk-abc123.js.gz'), gzipSync(CHUNK));
  return createApp({
    config: loadConfig({ CONSOLE_DIR: consoleDir }),
    logger: createLogger('silent'),
    routers: [],
  });
}

describe('fleet-sim http shell', () => {
  it('when /healthz is asked, then it answers ok with security headers and a request id', async () => {
    const res = await request(appWithConsole()).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('when a console route is loaded, then the console page is served (history mode)', async () => {
    for (const path of ['/Aligners', '/reset_password?token=abc', '/SupportTickets']) {
      const res = await request(appWithConsole()).get(path).set('Accept', 'text/html');
      expect(res.status).toBe(200);
      expect(res.text).toContain('Equipment Dashboard');
    }
  });

  it('when a browser accepts brotli or gzip, then an asset comes compressed from its built copy, cached for good', async () => {
    const app = appWithConsole();
    const br = await request(app).get('/assets/chunk-abc123.js').set('Accept-Encoding', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The bytes sent are the built brotli copy (supertest decodes them for the check of the text).
    expect(Number(br.headers['content-length'])).toBe(brotliCompressSync(CHUNK).length);
    expect(br.text).toBe(CHUNK);

    const gzip = await request(app).get('/assets/chunk-abc123.js').set('Accept-Encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(CHUNK); // supertest inflates gzip

    const plain = await request(app).get('/assets/chunk-abc123.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(CHUNK);
  });

  it('when an unknown API path is called, then it answers 404 with the error body', async () => {
    const res = await request(appWithConsole()).get('/read/nothing/v1').set('Accept', 'application/json');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/No such call/);
  });

  it('when a body is not valid JSON, then it answers 400, never 500', async () => {
    const res = await request(appWithConsole())
      .post('/create/ticket/v1')
      .set('Content-Type', 'application/json')
      .send('{"a":');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The request body is not valid JSON.');
  });
});
