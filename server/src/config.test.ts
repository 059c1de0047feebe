import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'byline-config-'));

describe('loadConfig', () => {
  it('works with nothing set: port 4000, embedded database, a generated secret kept across starts', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }, '/');
    expect(first).toMatchObject({ env: 'development', port: 4000, databaseUrl: null, dataDir: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }, '/').jwtSecret).toBe(first.jwtSecret);
  });

  it('names every bad variable', () => {
    const attempt = () => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' }, '/');
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as ConfigError).message;
      expect(message).toContain('PORT must be a whole number');
      expect(message).toContain('DATABASE_URL must use postgres: or postgresql:');
      expect(message).toContain('LOG_LEVEL must be one of');
    }
  });

  it('insists on a real JWT_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() }, '/')).toThrow(/JWT_SECRET must be set/);
  });
});
