/**
 * Applicant lists stay current in a real browser: one staff member has the
 * kakunin list open; another moves an applicant into kakunin and the row appears without a reload;
 * the candidate writes and the row's unread count goes up; a new application shows on the
 * candidate list by itself.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, loginToken } from '../helpers/app.ts';
import { appAndBrowser, backOfficeLogin, listening, openPage } from '../helpers/browser.ts';
import { candidateConversation, rawSocket, sendMessage, socketConnected } from '../helpers/chat.ts';
import { companyOf, statusIds } from '../helpers/demo-data.ts';

const { t, browser } = appAndBrowser();
let page: Page;
const errors: string[] = [];
const disposers: (() => void)[] = [];

beforeAll(async () => {
  page = await openPage(browser, { locale: 'en-US', errors, viewport: { width: 1280, height: 900 } });
  await backOfficeLogin(page, t.url, DEMO.company_admin);
});
afterEach(() => {
  for (const d of disposers.splice(0)) d();
});

/** Sakura Staffing and its statuses by English name. */
async function sakuraStatuses() {
  const company = await companyOf(t, DEMO.company_admin);
  const ids = await statusIds<string>(t, company);
  return { company, byName: (en: string) => ids[en]! };
}

async function openList(path: string) {
  await page.goto(`${t.url}${path}`);
  // Listening, not only hydrated: a move or application made before would not reach the list.
  await listening(page, '[data-island=LiveApplicants] [data-testid=live-applicants]');
}

describe('live applicant lists', () => {
  it('shows a row moved into kakunin by another staff member, and counts the candidate’s new message on it', async () => {
    const { company, byName } = await sakuraStatuses();
    const maria = await t.database.db
      .selectFrom('applications as a')
      .innerJoin('users as u', 'u.id', 'a.candidate_id')
      .innerJoin('conversations as c', 'c.application_id', 'a.id')
      .select(['a.id', 'c.id as conversationId'])
      .where('u.email', '=', 'candidate2@demo.test')
      .where('a.company_id', '=', company)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('applications')
      .set({ candidate_status_id: byName('Offer') })
      .where('id', '=', maria.id)
      .execute();
    await openList('/admin/candidate/kakunin');
    const row = page.locator(`tr[data-row-id="${maria.id}"]`);
    expect(await row.count()).toBe(0);

    const moved = await t.gql('mutation($ids: [ID!]!, $to: String!) { moveApplicant(ids: $ids, to: $to) { moved } }', { ids: [maria.id], to: byName('Work confirmation') }, { as: 'company_staff' });
    expect(moved.data.moveApplicant.moved).toEqual([maria.id]);
    await expect.poll(() => row.count(), { timeout: 5_000 }).toBe(1);
    expect(await row.textContent()).toContain('Maria Santos');

    const candidate = rawSocket(t.url, await loginToken(t.url, 'candidate2@demo.test'), { dispose: (close) => disposers.push(close) });
    await socketConnected(candidate);
    const before = Number(await row.locator('td[data-col="unread"]').textContent());
    expect((await sendMessage(candidate, maria.conversationId, 'I will be there at 9.')).ok).toBe(true);
    await expect.poll(async () => Number(await row.locator('td[data-col="unread"]').textContent()), { timeout: 5_000 }).toBe(before + 1);
    expect(errors).toEqual([]);
  });

  it('adds a new application to the candidate list by itself', async () => {
    await openList('/admin/candidate');
    const rowsBefore = await page.locator('tbody tr[data-row-id]').count();
    await candidateConversation(t);
    await expect.poll(() => page.locator('tbody tr[data-row-id]').count(), { timeout: 5_000 }).toBe(rowsBefore + 1);
    expect(await page.locator('tbody tr[data-row-id]').first().textContent()).toContain('Nguyen Van An');
    expect(errors).toEqual([]);
  });
});

describe('closing an application from the list', () => {
  /** The dialogs the page opens, each answered by `answer` (accept or dismiss). */
  function dialogs(answer: 'accept' | 'dismiss'): string[] {
    const seen: string[] = [];
    page.removeAllListeners('dialog');
    page.on('dialog', (d) => {
      seen.push(d.message());
      void (answer === 'accept' ? d.accept() : d.dismiss());
    });
    return seen;
  }
  const ASKED = 'Moving to “Rejected” tells the candidate by chat and mail, which cannot be taken back. Move?';

  it('asks first, from a row and in bulk: dismissed, nothing moves; accepted, the application is Rejected; a step forward asks nothing', async () => {
    const { company, byName } = await sakuraStatuses();
    const db = t.database.db;
    const app = await db.selectFrom('applications').select('id').where('company_id', '=', company).where('candidate_status_id', '=', byName('Applied')).executeTakeFirstOrThrow();
    const statusOf = async () => (await db.selectFrom('applications').select('candidate_status_id').where('id', '=', app.id).executeTakeFirstOrThrow()).candidate_status_id;
    const putBack = () =>
      db
        .updateTable('applications')
        .set({ candidate_status_id: byName('Applied') })
        .where('id', '=', app.id)
        .execute();
    const posts: string[] = [];
    // Forms sent (the live island's own GraphQL calls are not forms).
    page.on('request', (r) => void (r.method() === 'POST' && r.resourceType() === 'document' && posts.push(r.url())));
    /** Presses `button` and dismisses the question: asked, and no form sent, nothing moved. */
    const dismissed = async (button: ReturnType<Page['locator']>) => {
      const seen = dialogs('dismiss');
      await button.click();
      expect(seen).toEqual([ASKED]);
      expect(posts).toEqual([]);
      expect(await statusOf()).toBe(byName('Applied'));
    };
    /** Presses `button` accepting any question, and waits for the page the form leads to; the questions asked. */
    const submitted = async (button: ReturnType<Page['locator']>) => {
      const seen = dialogs('accept');
      await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST' && r.request().resourceType() === 'document'), button.click()]);
      await page.waitForLoadState('load');
      return seen;
    };

    // A row's "Rejected": dismissed, nothing; accepted, the application closes.
    await openList('/admin/candidate?size=100');
    const rowReject = page.locator(`button[value="moveRow:${app.id}:${byName('Rejected')}"]`);
    await dismissed(rowReject);
    expect(await submitted(rowReject)).toEqual([ASKED]);
    expect(await statusOf()).toBe(byName('Rejected'));

    // The bulk bar asks the question of the state chosen: Rejected asks, Document check does not.
    await putBack();
    await openList('/admin/candidate?size=100');
    posts.length = 0;
    await page.locator(`input[name="ids"][value="${app.id}"]`).check();
    await page.locator('select[name="to"]').selectOption(byName('Rejected'));
    await dismissed(page.locator('button[value="move"]'));
    await page.locator('select[name="to"]').selectOption(byName('Document check'));
    expect(await submitted(page.locator('button[value="move"]'))).toEqual([]);
    expect(await statusOf()).toBe(byName('Document check'));
    await putBack();
    page.removeAllListeners('request');
    page.removeAllListeners('dialog');
    expect(errors).toEqual([]);
  });
});

describe('a browser that runs no script', () => {
  it('is asked by the server before a close: "No" goes back with nothing moved, "Yes" closes the application', async () => {
    const { company, byName } = await sakuraStatuses();
    const db = t.database.db;
    const app = await db.selectFrom('applications').select('id').where('company_id', '=', company).where('candidate_status_id', '=', byName('Applied')).executeTakeFirstOrThrow();
    const statusOf = async () => (await db.selectFrom('applications').select('candidate_status_id').where('id', '=', app.id).executeTakeFirstOrThrow()).candidate_status_id;
    const plain = await openPage(browser, { locale: 'en-US', errors, viewport: { width: 390, height: 844 }, javaScript: false });
    try {
      await backOfficeLogin(plain, t.url, DEMO.company_admin);
      const record = `${t.url}/admin/candidate/${app.id}`;
      const reject = plain.locator(`button[value="move:${byName('Rejected')}"]`);
      await plain.goto(record);
      await reject.click();
      await plain.waitForLoadState('load');
      expect(await plain.locator('.ask-first p').textContent()).toBe('Moving to “Rejected” tells the candidate by chat and mail, which cannot be taken back. Move?');
      expect(await statusOf()).toBe(byName('Applied'));
      await plain.getByRole('link', { name: 'No, go back' }).click();
      await plain.waitForURL(record);
      expect(await statusOf()).toBe(byName('Applied'));

      await reject.click();
      await plain.getByRole('button', { name: 'Yes, go ahead' }).click();
      await plain.waitForURL((u) => u.searchParams.get('moved') === byName('Rejected'));
      expect(await statusOf()).toBe(byName('Rejected'));
    } finally {
      await db
        .updateTable('applications')
        .set({ candidate_status_id: byName('Applied') })
        .where('id', '=', app.id)
        .execute();
      await plain.context().close();
    }
    expect(errors).toEqual([]);
  });
});
