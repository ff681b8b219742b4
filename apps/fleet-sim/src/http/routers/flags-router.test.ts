import express from 'express';
import request from 'supertest';
import { errorHandler } from '../error-middleware';
import { createLogger, redactUrl } from '../../logging';
import { flagsRouter } from './flags-router';

const app = express()
  .use(flagsRouter())
  .use(errorHandler(createLogger('silent')));

describe('flag images (back-office §7.3 "/flags/{country code}.png")', () => {
  it('when a country code is asked, then a PNG of its flag comes back, whatever the case', async () => {
    for (const path of ['/flags/US.png', '/flags/de.png']) {
      const res = await request(app).get(path).buffer(true);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect((res.body as Buffer).subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('when the code is unknown or malformed, then 404 with the error body', async () => {
    expect((await request(app).get('/flags/ZZ.png')).status).toBe(404);
    const bad = await request(app).get('/flags/../../etc/passwd');
    expect(bad.status).toBe(404);
  });
});

describe('logs', () => {
  it('when a URL carries a reset token, then the log line does not', () => {
    expect(redactUrl('/reset_password?token=abc123&x=1')).toBe('/reset_password?token=[Redacted]&x=1');
    expect(redactUrl('/auth/oidc/oidc/callback?code=c0de&state=s&iss=x')).toBe(
      '/auth/oidc/oidc/callback?code=[Redacted]&state=s&iss=x',
    );
    expect(redactUrl('/read/alerts/v1/?countryCode=DE')).toBe('/read/alerts/v1/?countryCode=DE');
  });
});
