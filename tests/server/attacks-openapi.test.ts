// The OpenAPI document and Swagger UI are a map of the API: served outside production only, or
// in production when the operator sets OPENAPI_PUBLIC=1 (docs/SECURITY-CHECKS.md "Leaks"). The
// document is still generated in production (app.swagger()), so it stays testable.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

const API = '/api/v1.0';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const get = (url: string) => t!.app.inject({ method: 'GET', url });

describe('the OpenAPI document and Swagger UI', () => {
  it('are not served with NODE_ENV=production', async () => {
    t = await createTestApp({ NODE_ENV: 'production' });
    for (const url of [
      `${API}/docs`,
      `${API}/docs/`,
      `${API}/docs/json`,
      `${API}/docs/yaml`,
      `${API}/docs/static/index.html`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('openapi');
    }
    // Still generated, for the tests and tools that read it in-process.
    const doc = t.app.swagger() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain(`${API}/car-logs`);
  });

  it('are served in production with OPENAPI_PUBLIC=1', async () => {
    t = await createTestApp({ NODE_ENV: 'production', OPENAPI_PUBLIC: '1' });
    const res = await get(`${API}/docs/json`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ openapi: string }>().openapi).toBe('3.1.0');
  });

  it('are served outside production', async () => {
    t = await createTestApp({ NODE_ENV: 'development' });
    expect((await get(`${API}/docs/json`)).statusCode).toBe(200);
    expect((await get(`${API}/docs`)).statusCode).toBeLessThan(400);
  });
});
