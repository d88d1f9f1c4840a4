/**
 * The session rows cached per process (server/modules/auth/session-cache.ts): a warm
 * page view checks its token without a statement, and every change that can end or alter a
 * session still counts: at once on the process that made it, on the other process as soon as
 * PostgreSQL delivers the notice (migration 0038), whatever made the change (the app, or psql).
 */
import { describe, expect, it } from 'vitest';
import { statementLog } from '../../scripts/statement-log.ts';
import { SESSION_CHANNEL } from '../../server/modules/auth/session-cache.ts';
import { DEMO, twoAppsAndPsql, type DemoLogin, type TestApp } from '../helpers/app.ts';
import { eventually } from '../helpers/wait.ts';

const both = twoAppsAndPsql();

const info = (t: TestApp, token: string) => fetch(`${t.url}/Account/InfoToken`, { headers: { authorization: `jwt ${token}` } });
const page = async (t: TestApp, token: string, path = '/admin/jobs/list') => {
  const res = await fetch(t.url + path, { headers: { cookie: `token=${token}; lang=en` }, redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
};
/** Both processes have checked the token once, so both hold the row. */
async function warm(token: string): Promise<void> {
  for (const t of [both.a, both.b]) expect((await info(t, token)).status).toBe(200);
}

describe('session rows cached in the process', () => {
  it('checks a warm token without a statement; the first view of a process reads the row once', async () => {
    const token = await both.a.login('company_admin' satisfies DemoLogin);
    const log = statementLog(both.b.database.pool);
    const first = await log.during(() => page(both.b, token));
    expect(first.filter((s) => /from "users" where "id" = \$1/.test(s))).toHaveLength(1);
    const again = await log.during(() => page(both.b, token));
    expect(again.filter((s) => /from "users"/.test(s))).toEqual([]);
    expect((await page(both.b, token)).status).toBe(200);
  });

  it('refuses a token at once on the process that logged it out, and on the other as soon as the notice arrives', async () => {
    const token = await both.a.login('company_staff');
    await warm(token);
    const out = await fetch(`${both.a.url}/logout`, { method: 'POST', redirect: 'manual', headers: { cookie: `token=${token}` } });
    expect(out.status).toBe(303);
    // No waiting on the process that wrote.
    expect((await info(both.a, token)).status).toBe(401);
    await eventually(async () => expect((await info(both.b, token)).status).toBe(401));
    const p = await page(both.b, token);
    expect(p.status).toBe(303);
    expect(p.location).toBe('/errors/error401?next=%2Fadmin%2Fjobs%2Flist');
  });

  it('has the process that revoked a session refuse its token before any notice can arrive', async () => {
    const token = await both.a.login('client_staff');
    const auth = both.a.services.auth;
    const user = await auth.resolve(token, 'admin');
    expect(user.kind).toBe('ok');
    // The next check follows the revocation with no I/O between them: only the writer's own drop
    // (wroteTable) can make it see the change; the notice comes later, over another connection.
    await auth.revokeSessions(user.kind === 'ok' ? user.user.id : '');
    expect((await auth.resolve(token, 'admin')).kind).toBe('invalid');
  });

  it('refuses a user deactivated straight in the database in every process, and takes them back when reactivated', async () => {
    const token = await both.a.login('company2');
    await warm(token);
    await both.psql.query('update users set active = false where email = $1', [DEMO.company2]);
    try {
      await eventually(async () => {
        expect((await info(both.a, token)).status).toBe(401);
        expect((await info(both.b, token)).status).toBe(401);
      });
    } finally {
      await both.psql.query('update users set active = true where email = $1', [DEMO.company2]);
    }
    await eventually(async () => {
      expect((await info(both.a, token)).status).toBe(200);
      expect((await info(both.b, token)).status).toBe(200);
    });
  });

  it('shows a name and a role changed in the database on the next checks of both processes', async () => {
    const token = await both.a.login('client_admin');
    await warm(token);
    const before = await both.psql.query<{ name: string }>('select name from users where email = $1', [DEMO.client_admin]);
    await both.psql.query('update users set name = $2 where email = $1', [DEMO.client_admin, 'Renamed By Psql']);
    try {
      await eventually(async () => {
        for (const t of [both.a, both.b]) expect((await (await info(t, token)).json()) as { name: string }).toMatchObject({ name: 'Renamed By Psql' });
      });
      await both.psql.query(`update users set role = 'client_staff' where email = $1`, [DEMO.client_admin]);
      await eventually(async () => {
        for (const t of [both.a, both.b]) expect((await (await info(t, token)).json()) as { role: string }).toMatchObject({ role: 'client_staff' });
      });
    } finally {
      await both.psql.query(`update users set name = $2, role = 'client_admin' where email = $1`, [DEMO.client_admin, before.rows[0]!.name]);
    }
  });

  it('sends no notice for a write that cannot change a session (a login)', async () => {
    const token = await both.a.login('company_admin');
    await warm(token);
    const log = statementLog(both.b.database.pool);
    // A listener of our own: PostgreSQL delivers notices in commit order, so once a marker sent
    // after the login has come, a notice of the login would have come before it.
    const heard: string[] = [];
    const listen = (n: { channel: string }) => void heard.push(n.channel);
    both.psql.on('notification', listen);
    await both.psql.query(`listen ${SESSION_CHANNEL}`);
    await both.psql.query('listen session_cache_marker');
    try {
      await both.a.login('company_admin');
      await both.psql.query('notify session_cache_marker');
      await eventually(() => expect(heard).toContain('session_cache_marker'));
      expect(heard).toEqual(['session_cache_marker']);
    } finally {
      both.psql.off('notification', listen);
      await both.psql.query('unlisten *');
    }
    const statements = await log.during(() => info(both.b, token));
    expect(statements).toEqual([]);
  });
});
