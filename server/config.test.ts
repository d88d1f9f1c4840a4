import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('INTEGRATION_KEY', () => {
  const hex = 'ab'.repeat(32);

  it('takes 32 bytes as hex or base64', () => {
    expect(loadConfig({ INTEGRATION_KEY: hex }).integrationKey?.toString('hex')).toBe(hex);
    const b64 = Buffer.from(hex, 'hex').toString('base64');
    expect(loadConfig({ INTEGRATION_KEY: b64 }).integrationKey?.toString('hex')).toBe(hex);
  });

  it('refuses anything else at start-up, with the variable named', () => {
    for (const bad of ['short', 'ab'.repeat(31), Buffer.alloc(16).toString('base64')]) {
      expect(() => loadConfig({ INTEGRATION_KEY: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ INTEGRATION_KEY: bad })).toThrow(/INTEGRATION_KEY must be 32 bytes/);
    }
  });

  it('defaults to a fixed key in development and test, and to none in production', () => {
    const dev = loadConfig({ NODE_ENV: 'development' }).integrationKey;
    expect(dev).toHaveLength(32);
    expect(loadConfig({ NODE_ENV: 'test' }).integrationKey?.equals(dev!)).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).integrationKey).toBeNull();
    expect(loadConfig({ NODE_ENV: 'production', INTEGRATION_KEY: hex }).integrationKey?.toString('hex')).toBe(hex);
  });
});
