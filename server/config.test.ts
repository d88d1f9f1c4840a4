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

  it('has no built-in default in any mode (the server makes its own key in DATA_DIR)', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) expect(loadConfig({ NODE_ENV }).integrationKey).toBeNull();
    expect(loadConfig({ NODE_ENV: 'development', INTEGRATION_KEY: hex }).integrationKey?.toString('hex')).toBe(hex);
  });
});

describe('NODE_ENV', () => {
  it('is production unless set: introspection off and errors masked by default', () => {
    expect(loadConfig({})).toMatchObject({ env: 'production', production: true });
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ env: 'development', production: false });
  });
});

describe('OUTBOUND_ALLOW', () => {
  it('takes addresses, ranges and names, and refuses anything else at start-up with the variable named', () => {
    const allow = loadConfig({ OUTBOUND_ALLOW: '10.0.0.5, 10.20.0.0/16 fd00::/8 romuten.corp.example' }).outboundAllow;
    expect(allow.ranges.map(([a, bits]) => `${a.toString()}/${bits}`)).toEqual(['10.0.0.5/32', '10.20.0.0/16', 'fd00::/8']);
    expect([...allow.names]).toEqual(['romuten.corp.example']);
    expect(loadConfig({}).outboundAllow).toEqual({ ranges: [], names: new Set() });
    expect(() => loadConfig({ OUTBOUND_ALLOW: '10.0.0.0/40' })).toThrow(/OUTBOUND_ALLOW: "10\.0\.0\.0\/40" is not an address range/);
    expect(() => loadConfig({ OUTBOUND_ALLOW: 'http://x' })).toThrow(/OUTBOUND_ALLOW: .* is not an address/);
  });
});

describe('TRANSLATE_URL_TEMPLATE', () => {
  it('takes an http(s) address holding {text} and {lang}, and refuses one without them', () => {
    expect(loadConfig({ TRANSLATE_URL_TEMPLATE: 'https://translate.example/?sl=auto&tl={lang}&text={text}' }).translateUrlTemplate).toBe('https://translate.example/?sl=auto&tl={lang}&text={text}');
    expect(loadConfig({}).translateUrlTemplate).toBeUndefined();
    expect(() => loadConfig({ TRANSLATE_URL_TEMPLATE: 'https://translate.example/?tl={lang}' })).toThrow(/TRANSLATE_URL_TEMPLATE: .*\{text\} and \{lang\}/);
    expect(() => loadConfig({ TRANSLATE_URL_TEMPLATE: 'javascript:alert({text}{lang})' })).toThrow(/TRANSLATE_URL_TEMPLATE/);
  });
});
