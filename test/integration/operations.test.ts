import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildSchema } from '../../server/api/graphql/schema.ts';
import { OPS } from '../../server/api/operations.ts';
import { resourceDocuments } from '../../server/api/graphql/resources.ts';
import { READ_MODELS, RESOURCES } from '../../server/resources/registry.ts';
import { readModelDocuments } from '../../server/api/graphql/read-models.ts';
import { appForFile } from '../helpers/app.ts';
import { schemaFiles } from '../../scripts/schema-files.ts';

const t = appForFile();

describe('operation documents (server/api/operations.ts)', () => {
  const schema = buildSchema();

  it('has documents', () => {
    expect(Object.keys(OPS).length).toBeGreaterThan(0);
  });

  for (const [name, source] of Object.entries(OPS)) {
    it(`${name} parses and validates against the schema`, () => {
      const doc = parse(source);
      const errors = validate(schema, doc);
      expect(errors.map((e) => e.message)).toEqual([]);
      // Each document holds exactly one operation, named as its key (it shows in logs and traces).
      const ops = doc.definitions.filter((d) => d.kind === 'OperationDefinition');
      expect(ops).toHaveLength(1);
      expect(ops[0]!.kind === 'OperationDefinition' ? ops[0]!.name?.value : undefined).toBe(name);
    });
  }
});

describe('resource operation documents (server/api/graphql/resources.ts)', () => {
  const schema = buildSchema();
  for (const def of RESOURCES) {
    it(`every document the screens of "${def.name}" send validates against the schema`, () => {
      for (const [kind, source] of Object.entries(resourceDocuments(def))) {
        if (source === null) continue;
        expect(validate(schema, parse(source)).map((e) => `${kind}: ${e.message}`)).toEqual([]);
      }
    });
  }
});

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the typed operations (server/api/documents.ts)', () => {
  it('graphql-env.d.ts, which types them, is the schema the server builds (after a schema change: npm run schema)', () => {
    const file = readFileSync(path.join(ROOT, 'server/api/graphql-env.d.ts'), 'utf8');
    expect(file === schemaFiles().envTypes, 'server/api/graphql-env.d.ts is stale: run `npm run schema`').toBe(true);
  });
});

describe('read-model operation documents (server/api/graphql/read-models.ts)', () => {
  const schema = buildSchema();
  for (const def of READ_MODELS) {
    it(`every document the screens of "${def.name}" send validates against the schema`, () => {
      const docs = Object.entries(readModelDocuments(def)).filter(([, source]) => source !== null);
      expect(docs.length).toBeGreaterThan(1);
      for (const [kind, source] of docs) expect(validate(schema, parse(source!)).map((e) => `${kind}: ${e.message}`)).toEqual([]);
    });
  }
});

describe('health checks', () => {
  it('GET /healthz says the process is up', async () => {
    const res = await fetch(`${t.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz says the database is reachable and migrated', async () => {
    const res = await fetch(`${t.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready' });
  });
});

describe('security headers', () => {
  /** The directives of a CSP header by name, e.g. `{ 'script-src': ["'self'"] }`. */
  function directives(csp: string): Map<string, string[]> {
    const map = new Map<string, string[]>();
    for (const part of csp.split(';')) {
      const [name, ...values] = part.trim().split(/\s+/);
      if (name) map.set(name.toLowerCase(), values);
    }
    return map;
  }

  for (const path of ['/', '/login', '/staff/contact']) {
    it(`${path} is served with a strict CSP, nosniff and no framing`, async () => {
      const res = await fetch(`${t.url}${path}`, { redirect: 'manual' });
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy');
      expect(csp).toBeTruthy();
      const d = directives(csp!);
      const scriptSrc = d.get('script-src') ?? d.get('default-src');
      expect(scriptSrc).toContain("'self'");
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(scriptSrc).not.toContain('*');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const xfo = res.headers.get('x-frame-options');
      const frameAncestors = d.get('frame-ancestors');
      expect(xfo === 'DENY' || xfo === 'SAMEORIGIN' || (frameAncestors?.length === 1 && frameAncestors[0] === "'none'")).toBe(true);
      expect(frameAncestors).toEqual(["'none'"]);
      expect(res.headers.get('x-powered-by')).toBeNull();
    });
  }

  it('puts an x-request-id on every response', async () => {
    const requests: [string, RequestInit][] = [
      ['/', {}],
      ['/healthz', {}],
      ['/readyz', {}],
      ['/no-such-page', {}],
      ['/favicon.svg', {}],
      ['/admin', { redirect: 'manual' }],
      ['/lang/en?back=/faq', { redirect: 'manual' }],
      ['/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ me { id } }"}' }],
      ['/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' }],
      ['/Account/InfoToken', {}],
      ['/no-such-page', { method: 'DELETE' }],
    ];
    const ids = new Set<string>();
    for (const [path, init] of requests) {
      const res = await fetch(`${t.url}${path}`, init);
      await res.arrayBuffer();
      const id = res.headers.get('x-request-id');
      expect(id, `${init.method ?? 'GET'} ${path}`).toMatch(/\S/);
      ids.add(id!);
    }
    // Generated ids are unique per request.
    expect(ids.size).toBe(requests.length);
  });

  it('echoes an incoming X-Request-Id (so a proxy can correlate logs)', async () => {
    const res = await fetch(`${t.url}/healthz`, { headers: { 'X-Request-Id': 'trace-abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('trace-abc-123');
    const page = await fetch(`${t.url}/faq`, { headers: { 'x-request-id': 'page-trace-1' } });
    expect(page.headers.get('x-request-id')).toBe('page-trace-1');
  });

  it('cuts an overlong incoming X-Request-Id to 100 characters', async () => {
    const res = await fetch(`${t.url}/healthz`, { headers: { 'x-request-id': 'x'.repeat(500) } });
    expect(res.headers.get('x-request-id')).toBe('x'.repeat(100));
  });
});
