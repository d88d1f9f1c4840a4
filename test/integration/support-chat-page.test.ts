/**
 * /v3/admin/supportChat (420001) and the chat islands of the back-office layout:
 * who gets the support chat page, what it carries for the SupportChat island, and which users'
 * pages carry the chat dock and the badge bell.
 */
import { describe, expect, it } from 'vitest';
import { routeByPath } from '../../server/access/routes.ts';
import { appForFile } from '../helpers/app.ts';
import { CODES_OF } from '../helpers/codes.ts';
import { pagesAs } from '../helpers/pages.ts';

const PATH = '/v3/admin/supportChat';
const ID = '00000000-0000-4000-8000-000000000abc';

const t = appForFile();

const { get } = pagesAs(t);

/** The JSON props the server wrote beside an island. */
function propsOf(html: string, island: string): Record<string, unknown> | undefined {
  const m = new RegExp(`<script type="application/json" data-island-props="${island}">([^<]*)</script>`).exec(html);
  return m ? (JSON.parse(m[1]!) as Record<string, unknown>) : undefined;
}

describe('GET /v3/admin/supportChat', () => {
  it('is guarded by 420001 (DESIGN §5: company_admin holds it, company_staff does not)', () => {
    expect(routeByPath(PATH)?.code).toBe(420001);
    expect(CODES_OF.company_admin).toContain(420001);
    expect(CODES_OF.company_staff).not.toContain(420001);
  });

  it('shows a company admin the page in the admin layout with the SupportChat island', async () => {
    const page = await get(PATH, 'company_admin');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>サポートチャット | Tsunagu</title>');
    expect(page.html).toContain('<h1>サポートチャット</h1>');
    expect(page.html).toContain('class="admin-header"');
    expect(page.html).toContain('data-island="SupportChat"');
    expect(page.html).toContain('<noscript>');
    expect(propsOf(page.html, 'SupportChat')).toEqual({ lang: 'ja', initial: null, showCompany: false });
    // The sidebar links the page as the current one.
    expect(page.html).toContain(`<a href="${PATH}" aria-current="page">`);
  });

  it('passes ?c= on to the island as the conversation to open, and only a conversation id', async () => {
    expect(propsOf((await get(`${PATH}?c=${ID}`, 'company_admin')).html, 'SupportChat')).toMatchObject({ initial: ID });
    const odd = await get(`${PATH}?c=${encodeURIComponent('</script><script>alert(1)</script>')}`, 'company_admin');
    expect(odd.status).toBe(200);
    expect(odd.html).not.toContain('<script>alert(1)');
    expect(propsOf(odd.html, 'SupportChat')).toMatchObject({ initial: null });
  });

  it('tells the island to name the company for platform staff, who see every company', async () => {
    const page = await get(PATH, 'superadmin');
    expect(page.status).toBe(200);
    expect(propsOf(page.html, 'SupportChat')).toMatchObject({ showCompany: true });
  });

  it('does not show it to a company staff member (no 420001, no fallback: their landing page, SPEC §4)', async () => {
    const page = await get(PATH, 'company_staff');
    expect(page.status).not.toBe(200);
    expect(page.status).toBe(302);
    expect(page.location).toMatch(/^\/(v3\/)?admin\/jobs\/list$/);
    expect(page.html).not.toContain('data-island="SupportChat"');
    expect(page.html).not.toContain(`href="${PATH}"`);
  });

  it('sends an anonymous visitor home', async () => {
    const page = await get(PATH);
    expect(page.status).toBe(302);
    expect(page.location).toBe('/');
  });
});

describe('chat islands in the admin layout', () => {
  it('puts the chat dock, the windows and the badge bell (with support) on the pages of a user with chat codes', async () => {
    const page = await get('/admin/jobs/list', 'company_admin');
    expect(page.status).toBe(200);
    expect(page.html).toContain('data-island="ChatDock"');
    expect(page.html).toContain('data-island="ChatWindowsV3"');
    expect(page.html).toContain('data-island="BadgeBell"');
    expect(propsOf(page.html, 'BadgeBell')).toEqual({ lang: 'ja', support: true });
  });

  it('gives a company staff member the dock and a bell without support chats', async () => {
    const page = await get('/admin/jobs/list', 'company_staff');
    expect(page.status).toBe(200);
    expect(page.html).toContain('data-island="ChatDock"');
    expect(propsOf(page.html, 'BadgeBell')).toEqual({ lang: 'ja', support: false });
  });

  it('leaves them off the pages of a client staff member (no chat codes)', async () => {
    const page = await get('/v3/admin/jobs/list', 'client_staff');
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('data-island="ChatDock"');
    expect(page.html).not.toContain('data-island="ChatWindowsV3"');
    expect(page.html).not.toContain('data-island="BadgeBell"');
  });
});
