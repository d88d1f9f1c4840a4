/**
 * The applicant sheet (/admin/candidate/[id]/sheet): a tab of the applicant's record that staff
 * open from the record itself, one printable page without the person's contact details, in the
 * reader's language; another company finds nothing there and a role without the candidates code
 * is not let in.
 */
import * as cheerio from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../helpers/app.ts';
import { companyOf } from '../helpers/demo-data.ts';
import { getPage } from '../helpers/pages.ts';
import { withoutCodes } from '../helpers/roles.ts';

const t = appForFile();
let app: { id: string; email: string; name: string };

beforeAll(async () => {
  const companyId = await companyOf(t, 'company@demo.test');
  app = await t.database.db
    .selectFrom('applications as a')
    .innerJoin('users as u', 'u.id', 'a.candidate_id')
    .select(['a.id', 'u.email', 'u.name'])
    .where('u.email', '=', 'candidate2@demo.test')
    .where('a.company_id', '=', companyId)
    .executeTakeFirstOrThrow();
});

const page = async (path: string, who: 'company_admin' | 'company_staff' | 'company2', lang: 'ja' | 'en' = 'en') => getPage(t, path, `${await t.tokenOf(who)}; lang=${lang}`);

describe('the applicant sheet', () => {
  it('is a tab of the record: staff follow it from the record and get the person, the job and no contact details', async () => {
    const record = await page(`/admin/candidate/${app.id}`, 'company_admin');
    expect(record.status).toBe(200);
    expect(record.html).toContain(app.email);
    const $record = cheerio.load(record.html);
    const tabs = $record('nav.subpages a');
    expect(tabs.map((_, a) => $record(a).text()).get()).toEqual(['Applicant', 'Applicant sheet']);
    expect($record('nav.subpages a[aria-current="page"]').text()).toBe('Applicant');

    const href = $record('nav.subpages a').last().attr('href')!;
    expect(href).toBe(`/admin/candidate/${app.id}/sheet`);
    const sheet = await page(href, 'company_admin');
    expect(sheet.status).toBe(200);
    const $ = cheerio.load(sheet.html);
    expect($('h1').text()).toBe(app.name);
    expect($('title').text()).toContain('Applicant sheet');
    expect($('nav.subpages a[aria-current="page"]').text()).toBe('Applicant sheet');
    expect($('section[aria-labelledby="sheet-person"] dd').first().text()).toBe(app.name);
    expect($('section[aria-labelledby="sheet-application"] dt').first().text()).toBe('Job');
    // What a client does not need: the e-mail, the phone, the chat.
    expect(sheet.html).not.toContain(app.email);
    expect(sheet.html).not.toContain('mailto:');
    expect($('#applicant-chat').length).toBe(0);
    expect($('[role="note"]').text()).toContain('Share it only with the client');
  });

  it('reads in Japanese for a Japanese reader', async () => {
    const sheet = await page(`/admin/candidate/${app.id}/sheet`, 'company_admin', 'ja');
    expect(sheet.status).toBe(200);
    const $ = cheerio.load(sheet.html);
    expect(
      $('nav.subpages a')
        .map((_, a) => $(a).text())
        .get(),
    ).toEqual(['応募者の詳細', '応募者シート']);
    expect($('[role="note"]').text()).toContain('職業安定法第5条の5');
    expect($('#sheet-interviews').text()).toBe('面接');
  });

  it('shows another company nothing of the applicant', async () => {
    const sheet = await page(`/admin/candidate/${app.id}/sheet`, 'company2');
    expect(sheet.status).toBe(404);
    expect(sheet.html).not.toContain(app.name);
  });

  it('does not let in a role without the candidates code', async () => {
    await withoutCodes(t, [120001], 'company_staff', async () => {
      const sheet = await page(`/admin/candidate/${app.id}/sheet`, 'company_staff');
      expect(sheet.status).not.toBe(200);
      expect(sheet.html).not.toContain(app.name);
    });
  });
});
