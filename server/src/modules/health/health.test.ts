import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test-support/test-server.js';

const env = useTestServer();

describe('GET /api/health', () => {
  it('reports the database, the queue and pub/sub as working', async () => {
    const response = await fetch(`${env.server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: { database: 'ok', queue: 'ok', pubsub: 'ok' } });
  });

  it('sends security headers', async () => {
    const response = await fetch(`${env.server.url}/api/health`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});
