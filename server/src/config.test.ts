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

  it('trusts no proxy unless TRUST_PROXY names them, and refuses to trust every hop', () => {
    const trustProxy = (value?: string) => loadConfig({ DATA_DIR: dataDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) }, '/').trustProxy;
    expect(trustProxy()).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('loopback, 10.0.0.0/8 ,fd00::/8, 192.0.2.10')).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8', '192.0.2.10']);
    expect(() => trustProxy('true')).toThrow(/TRUST_PROXY=true would let every client set its own address/);
    expect(() => trustProxy('10.0.0.0/33')).toThrow(/TRUST_PROXY must be a hop count or a comma-separated list .*10\.0\.0\.0\/33/);
    expect(() => trustProxy('proxy.internal')).toThrow(/TRUST_PROXY must be/);
    expect(() => trustProxy('99')).toThrow(/TRUST_PROXY must be a whole number from 0 to 10/);
  });
});
