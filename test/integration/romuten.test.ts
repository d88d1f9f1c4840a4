/**
 * Romuten over a fake of its API on loopback (test/helpers/romuten.ts): a company admin connects
 * on /admin/integration/romuten (the key and secret stored sealed, shown only by their last four
 * characters), syncs now from the page, and a sync survives the remote failing — 500s, 429s with
 * Retry-After, answers slower than the time limit, failures after the item was stored — retrying
 * with the same idempotency keys, so nothing arrives twice. Another company and a user without
 * the codes can neither see nor change the connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialsAad } from '../../server/modules/integrations/connections.ts';
import { open } from '../../server/modules/integrations/crypto.ts';
import type { RetryPolicy } from '../../server/modules/integrations/romuten-client.ts';
import { syncRomuten, type SyncSummary } from '../../server/modules/integrations/sync.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { pressButton, sessionOf } from '../helpers/buttons.ts';
import { companyOf } from '../helpers/demo-data.ts';
import { escapeHtml, getPage, postForm } from '../helpers/pages.ts';
import { attendanceWithJob } from '../../server/modules/pipeline/repo.ts';
import { startFakeRomuten, type FakeRomuten } from '../helpers/romuten.ts';
import { drawProblem } from '../../shared/texts/index.ts';

let t: TestApp;
let fake: FakeRomuten;
let sakura: string;
let minato: string;
const PATH = '/admin/integration/romuten';

beforeAll(async () => {
  // The fake listens on loopback: the operator's allow-list (OUTBOUND_ALLOW) lets the app reach it.
  t = await startTestApp({ OUTBOUND_ALLOW: '127.0.0.1' });
  fake = await startFakeRomuten();
  sakura = await companyOf(t, 'company@demo.test');
  minato = await companyOf(t, 'company2@demo.test');
  actor = await t.database.db.selectFrom('users').select(['id', 'name']).where('email', '=', 'company@demo.test').executeTakeFirstOrThrow();
});
afterAll(async () => {
  await fake?.close();
  await t?.close();
});

/** Waits recorded instead of slept; each try has a short time limit. */
function fastPolicy(timeoutMs = 300): RetryPolicy & { waits: number[] } {
  const waits: number[] = [];
  return { attempts: 4, baseDelayMs: 10, maxDelayMs: 5_000, timeoutMs, wait: async (ms) => void waits.push(ms), waits };
}

let actor: { id: string; name: string };

async function sync(policy: RetryPolicy): Promise<SyncSummary> {
  const r = await syncRomuten(t.database.db, t.config.integrationKey, sakura, actor, { policy, outbound: t.services.outbound });
  if ('refused' in r) throw new Error(`sync refused: ${r.refused}`);
  return r;
}

/** What Sakura has to send: its applicants, and the attendance records of theirs. */
async function expected() {
  const db = t.database.db;
  const workers = await db.selectFrom('applications').select('candidate_id').distinct().where('company_id', '=', sakura).execute();
  const attendance = await db.selectFrom('attendance').select('id').where('company_id', '=', sakura).execute();
  return { workers: workers.length, attendance: attendance.length };
}

/** Every item the remote made, once: never the same entity and content twice. */
function expectNoDuplicates() {
  const seen = fake.stored.map((s) => `${s.entity}:${s.body.externalId}:${JSON.stringify(s.body)}`);
  expect(new Set(seen).size).toBe(seen.length);
  expect(new Set(fake.stored.map((s) => s.key)).size).toBe(fake.stored.length);
}

describe(`GET and POST ${PATH}`, () => {
  it('starts from the demo: Sakura has a connection without credentials, shown as not connected, and syncing is refused without a call', async () => {
    const token = await t.tokenOf('company_admin');
    const page = await getPage(t, PATH, token);
    expect(page.status).toBe(200);
    expect(page.html).toContain('https://api.romuten.invalid');
    expect(page.html).toContain('未接続');
    const before = fake.received.length;
    const res = await postForm(t, PATH, token, { _action: 'sync' });
    expect(res.status).toBe(409);
    expect(res.html).toContain('Romutenに接続されていません。');
    expect(fake.received.length).toBe(before);
  });

  it('stores the key and secret sealed (AES-256-GCM): the row holds neither, the page shows only their last four characters', async () => {
    const token = await t.tokenOf('company_admin');
    const short = await postForm(t, PATH, token, { _action: 'save', baseUrl: fake.url, apiKey: fake.apiKey, secret: '', enabled: 'on' });
    expect(short.status).toBe(422);
    expect(short.html).toContain('接続するにはAPIキーとシークレットの両方が必要です。');
    expect(short.html).not.toContain(fake.apiKey);

    const saved = await postForm(t, PATH, token, { _action: 'save', baseUrl: fake.url, apiKey: fake.apiKey, secret: fake.secret, enabled: 'on' });
    expect(saved.status, saved.html.slice(0, 300)).toBe(303);
    const row = await t.database.db.selectFrom('integration_connections').selectAll().where('company_id', '=', sakura).executeTakeFirstOrThrow();
    const raw = JSON.stringify(row);
    for (const secret of [fake.apiKey, fake.secret]) {
      expect(raw).not.toContain(secret);
      expect(raw).not.toContain(Buffer.from(secret).toString('base64'));
    }
    expect(row.credentials).toMatch(/^v1\./);
    expect(JSON.parse(open(t.config.integrationKey!, row.credentials!, credentialsAad(sakura, 'romuten')))).toEqual({ apiKey: fake.apiKey, secret: fake.secret });
    // Sealed for Sakura: the same value does not open as another company's.
    expect(() => open(t.config.integrationKey!, row.credentials!, credentialsAad(minato, 'romuten'))).toThrow();

    const page = await getPage(t, saved.location!, token);
    expect(page.html).toContain('接続設定を保存しました。');
    expect(page.html).toContain(`末尾 ${fake.apiKey.slice(-4)}`);
    expect(page.html).toContain(`末尾 ${fake.secret.slice(-4)}`);
    expect(page.html).not.toContain(fake.apiKey);
    expect(page.html).not.toContain(fake.secret);
    const audit = await t.database.db.selectFrom('audit_log').select('changes').where('entity', '=', 'integration').where('entity_id', '=', row.id).execute();
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain(fake.secret);

    // Saving again with the key and secret left blank keeps them.
    const again = await postForm(t, PATH, token, { _action: 'save', baseUrl: fake.url, apiKey: '', secret: '', enabled: 'on' });
    expect(again.status).toBe(303);
    const after = await t.database.db.selectFrom('integration_connections').select('credentials').where('company_id', '=', sakura).executeTakeFirstOrThrow();
    expect(JSON.parse(open(t.config.integrationKey!, after.credentials!, credentialsAad(sakura, 'romuten'))).secret).toBe(fake.secret);
  });

  it('"Sync now" pushes the workers and attendance, pulls their status, and logs who did what', async () => {
    const token = await t.tokenOf('company_admin');
    const { workers, attendance } = await expected();
    expect(workers).toBeGreaterThan(1);
    const res = await postForm(t, PATH, token, { _action: 'sync' });
    expect(res.status).toBe(303);
    const page = await getPage(t, res.location!.split('#')[0]!, token);
    expect(page.html).toContain('同期が終わりました。');
    expect(page.html).toMatch(
      new RegExp(`<span class="badge badge-success">完了</span></td><td class="num" data-col="workersPushed">${workers}</td><td class="num" data-col="attendancePushed">${attendance}</td>`),
    );
    expect(page.html).toContain('鈴木 一郎 (Ichiro Suzuki)');
    expect(page.html).toContain('registered');
    expect(fake.stored.filter((s) => s.entity === 'worker')).toHaveLength(workers);
    expect(fake.stored.filter((s) => s.entity === 'attendance')).toHaveLength(attendance);
    expectNoDuplicates();
    const catalogue = await getPage(t, '/admin/integration', token);
    expect(catalogue.status).toBe(200);
    expect(catalogue.html).toContain('接続済み');
  });
});

describe('a Romuten sync survives the remote failing and retries without duplicates', () => {
  it('retries 500s, a 429 after its Retry-After, and answers that come too late — including ones that failed after the item was stored', async () => {
    // A new, empty Romuten account: every item is sent again.
    fake.reset();
    await t.database.db.deleteFrom('integration_items').execute();
    const { workers, attendance } = await expected();
    fake.fault('/v1/workers', { kind: 'stored-then-status', status: 500 }, { kind: 'status', status: 429, retryAfter: '2' }, { kind: 'stored-then-slow', ms: 1_500 });
    fake.fault('/v1/attendance', { kind: 'slow', ms: 1_500 }, { kind: 'stored-then-status', status: 503 });
    fake.fault('/v1/status/query', { kind: 'status', status: 500 });
    const policy = fastPolicy();
    const s = await sync(policy);
    expect(s.errors).toEqual([]);
    expect(s).toMatchObject({ status: 'ok', workersPushed: workers, attendancePushed: attendance, failed: 0 });
    expect(s.retries).toBe(6);
    // The 429's Retry-After (2 s) was waited; the others backed off exponentially from 10 ms.
    expect(policy.waits).toContain(2_000);
    expect(policy.waits.filter((w) => w !== 2_000).every((w) => w >= 10 && w < 2_000)).toBe(true);
    // The faulted pushes were sent again with the same key, and the remote made each item once.
    const workerKeys = fake.received.filter((r) => r.path === '/v1/workers' && r.key).map((r) => r.key);
    expect(workerKeys.length).toBeGreaterThan(new Set(workerKeys).size);
    expect(fake.stored.filter((x) => x.entity === 'worker')).toHaveLength(workers);
    expect(fake.stored.filter((x) => x.entity === 'attendance')).toHaveLength(attendance);
    expectNoDuplicates();
    expect(s.statusesPulled).toBe(workers + attendance);

    // Nothing changed: the next sync sends nothing and makes nothing.
    const stored = fake.stored.length;
    const next = await sync(fastPolicy());
    expect(next).toMatchObject({ status: 'ok', workersPushed: 0, attendancePushed: 0, unchanged: workers + attendance, failed: 0 });
    expect(fake.stored).toHaveLength(stored);
  });

  it('a remote that stays down (500s and timeouts) stops the sync as failed; the next sync delivers the rest, each once', async () => {
    const db = t.database.db;
    const worker = (await db.selectFrom('applications').select('candidate_id').where('company_id', '=', sakura).orderBy('candidate_id').executeTakeFirstOrThrow()).candidate_id;
    await db.updateTable('candidate_profiles').set({ phone: '090-1111-2222' }).where('user_id', '=', worker).execute();
    fake.fault('/v1/workers', { kind: 'status', status: 500 }, { kind: 'slow', ms: 1_000 }, { kind: 'stored-then-status', status: 500 }, { kind: 'slow', ms: 1_000 });
    const down = await sync(fastPolicy(200));
    expect(down.status).toBe('failed');
    expect(down.failed).toBe(1);
    expect(down.errors.map((e) => drawProblem('en', e)).join('\n')).toMatch(/no answer within 200 ms \(tried 4 times\)/);
    const state = await getPage(t, '/admin/integration', await t.tokenOf('company_admin'));
    expect(state.html).toContain('エラーあり');
    // The log says what went wrong in the reader's language.
    const page = await getPage(t, PATH, await t.tokenOf('company_admin'));
    expect(page.html).toMatch(/スタッフ「[^」]+」: POST \/v1\/workers: 200ミリ秒以内に応答がありませんでした（4回試しました）/);
    expect(page.html).not.toContain('no answer within');
    const english = await getPage(t, PATH, await t.tokenOf('company_admin'), 'en');
    expect(english.html).toMatch(/worker [^<:]+: POST \/v1\/workers: no answer within 200 ms \(tried 4 times\)/);
    expect(english.html).not.toContain('ミリ秒');

    const back = await sync(fastPolicy());
    expect(back).toMatchObject({ status: 'ok', workersPushed: 1, failed: 0 });
    // The changed worker arrived once in its new version (the stored-then-500 try is not repeated).
    expect(fake.stored.filter((x) => x.body.externalId === worker && x.body.phone === '090-1111-2222')).toHaveLength(1);
    expectNoDuplicates();
  });

  it('a refused key stops at once without retrying; the log says so', async () => {
    const before = fake.received.length;
    const wrong = await postForm(t, PATH, await t.tokenOf('company_admin'), { _action: 'save', baseUrl: fake.url, apiKey: '', secret: 'not-the-right-secret', enabled: 'on' });
    expect(wrong.status).toBe(303);
    await t.database.db.deleteFrom('integration_items').execute();
    const s = await sync(fastPolicy());
    expect(s).toMatchObject({ status: 'failed', retries: 0, failed: 1 });
    expect(drawProblem('en', s.errors[0]!)).toMatch(/HTTP 401, the API key or secret was refused \(Romuten said: "invalid credentials"\)/);
    expect(fake.received.length).toBe(before + 1);
    // Pressed on the page, the refused sync is said as a failure, not as a sync that finished.
    const token = await t.tokenOf('company_admin');
    const pressed = await pressButton(t, await sessionOf(t, 'company_admin', 'en'), PATH, 'sync');
    expect(pressed.status).toBe(303);
    const page = await getPage(t, pressed.location!.split('#')[0]!, token, 'en');
    expect(page.html).toContain('The sync failed: the log below says why.');
    expect(page.html).not.toContain('The sync finished');
    await postForm(t, PATH, token, { _action: 'save', baseUrl: fake.url, apiKey: '', secret: fake.secret, enabled: 'on' });
  });
});

describe('addresses inside the network', () => {
  it('refuses a base URL inside the network as it is typed, in any spelling', async () => {
    const token = await t.tokenOf('company_admin');
    for (const baseUrl of [
      'https://localhost.:8443',
      'https://100.100.100.200',
      'https://169.254.169.254/latest',
      'https://metadata.google.internal./',
      'https://2852039166/',
      'https://[::ffff:10.0.0.1]/',
      'https://romuten.corp.internal/',
    ]) {
      const res = await postForm(t, PATH, token, { _action: 'save', baseUrl, apiKey: '', secret: '', enabled: 'on' });
      expect(res.status, baseUrl).toBe(422);
      expect(res.html, baseUrl).toContain('社内ネットワークのアドレスは、サーバーの設定（OUTBOUND_ALLOW）で許可されたものだけ使えます。');
    }
  });

  it('sends nothing to a stored loopback address once the allow-list does not name it: the sync fails and says why', async () => {
    // A second process of the same deployment without OUTBOUND_ALLOW: the fake is inside its network.
    const strict = await startTestApp({}, { database: t.database });
    try {
      const before = fake.received.length;
      const s = await syncRomuten(strict.database.db, strict.config.integrationKey, sakura, actor, { policy: fastPolicy(), outbound: strict.services.outbound });
      if ('refused' in s) throw new Error(`sync refused: ${s.refused}`);
      expect(s).toMatchObject({ status: 'failed', retries: 0, workersPushed: 0 });
      expect(drawProblem('en', s.errors[0]!)).toMatch(/worker .+: POST \/v1\/workers: refused, 127\.0\.0\.1 is a loopback address/);
      expect(drawProblem('ja', s.errors[0]!)).toMatch(/スタッフ「.+」: POST \/v1\/workers: 接続しませんでした（127\.0\.0\.1 は社内ネットワークのアドレス（loopback）です）/);
      expect(fake.received.length).toBe(before);
    } finally {
      await strict.close();
    }
  });
});

describe('the sync log', () => {
  it("says which record Romuten refused and what it answered, in the reader's language, the job by its title in that language", async () => {
    const db = t.database.db;
    await db.deleteFrom('integration_items').where('entity', '=', 'attendance').execute();
    fake.fault('/v1/attendance', { kind: 'status', status: 422 });
    // "Sync now" pressed: it finished, but says that some items were refused, not just "finished".
    const token = await t.tokenOf('company_admin');
    const pressed = await pressButton(t, await sessionOf(t, 'company_admin', 'en'), PATH, 'sync');
    expect(pressed.location).toMatch(/[?&]syncPartial=1#romuten-log$/);
    expect((await getPage(t, pressed.location!.split('#')[0]!, token, 'en')).html).toContain('The sync finished, but some items were refused: the log below lists them.');
    const logged = await db.selectFrom('integration_syncs').select(['status', 'failed']).where('company_id', '=', sakura).orderBy('started_at', 'desc').executeTakeFirstOrThrow();
    expect(logged).toMatchObject({ status: 'partial', failed: 1 });
    // The first record sent: the sync sends them in the order of their ids.
    const first = await attendanceWithJob(db).select(['s.date', 'j.title_ja', 'j.title_en']).where('t.company_id', '=', sakura).orderBy('t.id').executeTakeFirstOrThrow();
    expect(first.date && first.title_en && first.title_en !== first.title_ja).toBeTruthy();
    const ja = await getPage(t, PATH, token);
    expect(ja.html).toContain(`勤怠「${first.date} ${first.title_ja}」: POST /v1/attendance: HTTP 422、受け付けられませんでした（Romutenの回答:「scripted 422」）`);
    const en = await getPage(t, PATH, token, 'en');
    expect(en.html).toContain(escapeHtml(`attendance ${first.date} ${first.title_en}: POST /v1/attendance: HTTP 422, not accepted (Romuten said: "scripted 422")`));
    // The refused record goes with the next sync.
    expect(await sync(fastPolicy())).toMatchObject({ status: 'ok', attendancePushed: 1 });
  });

  it('still shows a sync logged before problems were kept by key, as it was written', async () => {
    const db = t.database.db;
    const connection = await db.selectFrom('integration_connections').select('id').where('company_id', '=', sakura).executeTakeFirstOrThrow();
    const older = 'worker 旧データ: POST /v1/workers: HTTP 422: externalId is required';
    const day = new Date(Date.now() - 86_400_000);
    await db
      .insertInto('integration_syncs')
      .values({ connection_id: connection.id, company_id: sakura, actor_id: actor.id, actor_name: actor.name, started_at: day, finished_at: day, status: 'partial', errors: JSON.stringify([older]) })
      .execute();
    for (const lang of ['ja', 'en'] as const) {
      const page = await getPage(t, PATH, await t.tokenOf('company_admin'), lang);
      expect(page.html, lang).toContain(older);
    }
  });
});

describe('who may see and change the connection', () => {
  const GQL = {
    catalogue: ['query ($c: ID) { integrations(companyId: $c) { entries { state } } }', 'integrations'],
    read: ['query ($c: ID) { romutenConnection(companyId: $c) { baseUrl apiKeyLast4 } }', 'romutenConnection'],
    save: [
      'mutation ($c: ID) { saveRomutenConnection(companyId: $c, input: { baseUrl: "https://evil.example", apiKey: "stolen-key-123", secret: "stolen-secret-123", enabled: true }) }',
      'saveRomutenConnection',
    ],
    sync: ['mutation ($c: ID) { syncRomuten(companyId: $c) { id } }', 'syncRomuten'],
    disconnect: ['mutation ($c: ID) { disconnectRomuten(companyId: $c) }', 'disconnectRomuten'],
  } as const;

  it("another company (Minato Dispatch) can neither see nor change Sakura's connection", async () => {
    const token = await t.tokenOf('company2');
    const before = await t.database.db.selectFrom('integration_connections').selectAll().where('company_id', '=', sakura).executeTakeFirstOrThrow();
    // Another tenant's record is the "not found" page (server/web/dispatch.tsx), no hint that it exists.
    const page = await getPage(t, `${PATH}?company=${sakura}`, token);
    expect(page.status).toBe(404);
    expect(page.html).not.toContain(fake.url);
    const own = await getPage(t, PATH, token);
    expect(own.status).toBe(200);
    expect(own.html).not.toContain(fake.url);
    expect(own.html).toContain('みなと派遣株式会社');
    const catalogue = await getPage(t, '/admin/integration', token);
    expect(catalogue.html).not.toContain('さくら人材サービス株式会社');
    for (const action of ['save', 'sync', 'disconnect']) {
      const res = await postForm(t, PATH, token, { _action: action, company: sakura, baseUrl: 'https://evil.example', apiKey: 'stolen-key-123', secret: 'stolen-secret-123', enabled: 'on' });
      expect(res.status, action).toBe(403);
    }
    for (const [query, field] of Object.values(GQL)) {
      const r = await t.gql(query, { c: sakura }, { as: 'company2' });
      expect(r.errors?.[0]?.extensions?.code, field).toBe('FORBIDDEN');
    }
    const after = await t.database.db.selectFrom('integration_connections').selectAll().where('company_id', '=', sakura).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const log = await t.database.db.selectFrom('integration_syncs').select('id').where('company_id', '=', minato).execute();
    expect(log).toEqual([]);
  });

  it('a user without the codes (company staff, a client) never reaches the pages or the operations', async () => {
    for (const who of ['company_staff', 'client_admin'] as const) {
      const token = await t.tokenOf(who);
      for (const path of ['/admin/integration', PATH]) {
        const res = await getPage(t, path, token);
        expect([302, 404], `${who} ${path}`).toContain(res.status);
      }
      const post = await postForm(t, PATH, token, { _action: 'disconnect' });
      expect(post.status, who).not.toBe(303);
      for (const [query, field] of Object.values(GQL)) {
        const r = await t.gql(query, { c: sakura }, { as: who });
        expect(r.errors?.[0]?.extensions?.code, `${who} ${field}`).toBe('FORBIDDEN');
      }
    }
    const row = await t.database.db.selectFrom('integration_connections').select('credentials').where('company_id', '=', sakura).executeTakeFirstOrThrow();
    expect(row.credentials).not.toBeNull();
  });

  it("the superadmin sees every company in the catalogue and opens either one's page", async () => {
    const token = await t.tokenOf('superadmin');
    const catalogue = await getPage(t, '/admin/integration', token);
    expect(catalogue.status).toBe(200);
    expect(catalogue.html).toContain('さくら人材サービス株式会社');
    expect(catalogue.html).toContain('みなと派遣株式会社');
    expect(catalogue.html).toContain(`${PATH}?company=${minato}`);
    const page = await getPage(t, `${PATH}?company=${sakura}`, token);
    expect(page.status).toBe(200);
    expect(page.html).toContain(fake.url);
    expect(page.html).not.toContain(fake.secret);
  });
});
