import express, { type Request, type Response, type Router } from 'express';
import type { ApiClient } from '../../api/client.ts';
import { OPS } from '../../api/operations.ts';
import type { Text } from '../../../shared/i18n.ts';
import { ENUM_TYPES, JOB_ENUM_TYPES, USER_ENUM_TYPES } from '../../modules/enums/reference-data.ts';
import { EnumEditorPage, type EnumSection } from '../../../views/pages/admin/EnumEditor.tsx';
import { callerOf } from '../caller.ts';
import type { PageContext } from '../pages.tsx';
import { sendPage } from '../render.tsx';
import { routeByPath } from '../../access/routes.ts';

const TYPE_TITLES: Record<number, Text> = {
  [ENUM_TYPES.jobTypes]: { ja: '職種', en: 'Job types' },
  [ENUM_TYPES.genders]: { ja: '性別', en: 'Genders' },
  [ENUM_TYPES.overtimes]: { ja: '残業', en: 'Overtime' },
  [ENUM_TYPES.jobWeeks]: { ja: '勤務日数', en: 'Days per week' },
  [ENUM_TYPES.computerSkills]: { ja: 'パソコンスキル', en: 'Computer skills' },
  [ENUM_TYPES.writeSkills]: { ja: '日本語の書き', en: 'Japanese writing' },
  [ENUM_TYPES.educations]: { ja: '最終学歴', en: 'Education' },
  [ENUM_TYPES.readSkills]: { ja: '日本語の読み', en: 'Japanese reading' },
  [ENUM_TYPES.payTypes]: { ja: '給与形態', en: 'Pay types' },
};
const VISA_TITLE: Text = { ja: '在留資格', en: 'Visa types' };

/** Which page edits what (SPEC §2 codes 200014 and 200015). */
const PAGES: Record<string, { types: readonly number[]; visa: boolean }> = {
  '/admin/templates/enumjobvalue': { types: JOB_ENUM_TYPES, visa: false },
  '/admin/templates/enumuservalue': { types: USER_ENUM_TYPES, visa: true },
};

interface EnumsData {
  enums: {
    enums: { id: number; type: number; enum_job_translate_value: { language_key: string; value: string }[] }[];
    visaTypes: { id: number; ja: string; en: string }[];
  };
}

async function render(req: Request, res: Response, api: ApiClient, path: string, extra: { errors?: Record<string, Record<string, string>>; values?: Record<string, { ja?: string; en?: string }>; status?: number } = {}) {
  const page = PAGES[path]!;
  const route = routeByPath(path)!;
  const r = await api.graphql<EnumsData>(OPS.Enums, {}, callerOf(req, res));
  if (!r.data) throw new Error(r.errors?.[0]?.message ?? 'enums failed');
  const tr = (rec: EnumsData['enums']['enums'][number], l: string) => rec.enum_job_translate_value.find((t) => t.language_key === l)?.value ?? '';
  const sections: EnumSection[] = page.types.map((type) => ({
    type,
    title: TYPE_TITLES[type]!,
    rows: r.data!.enums.enums.filter((e) => e.type === type).map((e) => ({ id: e.id, ja: tr(e, 'ja'), en: tr(e, 'en') })),
  }));
  if (page.visa) sections.push({ type: 'visa', title: VISA_TITLE, rows: r.data.enums.visaTypes });
  const lang = res.locals.lang;
  sendPage(req, res, {
    title: route.title,
    status: extra.status,
    content: (
      <EnumEditorPage
        lang={lang}
        title={route.title}
        action={path}
        sections={sections}
        errors={extra.errors ?? {}}
        values={extra.values ?? {}}
        notice={req.query.saved === '1' ? (lang === 'ja' ? '保存しました。' : 'Saved.') : undefined}
      />
    ),
  });
}

export const ENUM_PAGE_HANDLERS = Object.fromEntries(
  Object.keys(PAGES).map((path) => [path, ({ req, res, api }: PageContext) => render(req, res, api, path)]),
);

/** The editor's form posts: create, update or delete one value, then back to the page. */
export function enumActions(api: ApiClient): Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 10 });
  for (const path of Object.keys(PAGES)) {
    router.post(path, form, async (req, res) => {
      if (!res.locals.user) return res.redirect(303, '/');
      const b = req.body as Record<string, string | undefined>;
      const op = b.op;
      const visa = b.type === 'visa';
      const id = Number(b.id);
      const input = { ja: b.ja ?? '', en: b.en ?? '' };
      let doc: string;
      let vars: Record<string, unknown>;
      let key: string;
      if (op === 'create') {
        key = `create-${b.type}`;
        [doc, vars] = visa ? [OPS.UpsertVisaType, { input }] : [OPS.CreateJobEnum, { type: Number(b.type), input }];
      } else if (op === 'update' && Number.isInteger(id)) {
        key = `update-${id}`;
        [doc, vars] = visa ? [OPS.UpsertVisaType, { id, input }] : [OPS.UpdateJobEnum, { id, input }];
      } else if (op === 'delete' && Number.isInteger(id)) {
        key = `delete-${id}`;
        [doc, vars] = visa ? [OPS.DeleteVisaType, { id }] : [OPS.DeleteJobEnum, { id }];
      } else {
        return res.status(400).type('text').send('Bad request');
      }
      const r = await api.graphql(doc, vars, callerOf(req, res));
      if (!r.errors?.length) return res.redirect(303, `${path}?saved=1#type-${b.type}`);
      const e = r.errors[0]!;
      const fields = (e.extensions?.fields as Record<string, string> | undefined) ?? { _: e.message };
      const code = e.extensions?.code;
      const status = code === 'FORBIDDEN' ? 403 : code === 'UNAUTHENTICATED' ? 401 : code === 'NOT_FOUND' ? 404 : 422;
      await render(req, res, api, path, { errors: { [key]: fields }, values: op === 'delete' ? {} : { [key]: input }, status });
    });
  }
  return router;
}
