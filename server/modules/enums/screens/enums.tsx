import { DOCS, sourceOf, operation } from '../../../api/documents.ts';
import type { Text } from '../../../../shared/i18n.ts';
import { msgText } from '../../../../shared/texts/index.ts';
import { ENUM_TYPES, JOB_ENUM_TYPES, USER_ENUM_TYPES } from '../reference-data.ts';
import { EnumEditorPage, type EnumNotice, type EnumSection, type EnumValues } from '../../../../views/pages/admin/EnumEditor.tsx';
import type { MessageKey } from '../../../../shared/messages.ts';
import { SSW_FIELDS } from '../../workforce/work-limits.ts';
import { formStrings, withFlag } from '../../../web/kit.ts';
import { defineScreen, failed, redirect, withRefusal, type OnRefusal, type Screen, type ScreenContext } from '../../../web/screen.ts';

/** The operations only this screen sends, typed from their text (server/api/documents.ts `operation`). */
const OWN = {
  CreateJobEnum: operation(/* GraphQL */ `mutation CreateJobEnum($type: Int!, $input: JobEnumInput!) { createJobEnum(type: $type, input: $input) { id } }`),
  UpdateJobEnum: operation(/* GraphQL */ `mutation UpdateJobEnum($id: Int!, $input: JobEnumInput!) { updateJobEnum(id: $id, input: $input) { id } }`),
  DeleteJobEnum: operation(/* GraphQL */ `mutation DeleteJobEnum($id: Int!) { deleteJobEnum(id: $id) }`),
  UpsertVisaType: operation(/* GraphQL */ `mutation UpsertVisaType($id: Int, $input: JobEnumInput!) { upsertVisaType(id: $id, input: $input) { id } }`),
  DeleteVisaType: operation(/* GraphQL */ `mutation DeleteVisaType($id: Int!) { deleteVisaType(id: $id) }`),
};

const TYPE_TITLES: Record<number, Text> = {
  [ENUM_TYPES.jobTypes]: msgText('enumAdmin.jobTypes'),
  [ENUM_TYPES.genders]: msgText('enumAdmin.genders'),
  [ENUM_TYPES.overtimes]: msgText('job.overtime'),
  [ENUM_TYPES.jobWeeks]: msgText('job.jobWeek'),
  [ENUM_TYPES.computerSkills]: msgText('enumAdmin.computerSkills'),
  [ENUM_TYPES.writeSkills]: msgText('enumAdmin.japaneseWriting'),
  [ENUM_TYPES.educations]: msgText('enumAdmin.education'),
  [ENUM_TYPES.readSkills]: msgText('enumAdmin.japaneseReading'),
  [ENUM_TYPES.payTypes]: msgText('enumAdmin.payTypes'),
};
const VISA_TITLE: Text = msgText('enumAdmin.visaTypes');

/** Which page edits what (SPEC §2 codes 200014 and 200015). */
const PAGES: Record<string, { types: readonly number[]; visa: boolean }> = {
  '/admin/templates/enumjobvalue': { types: JOB_ENUM_TYPES, visa: false },
  '/admin/templates/enumuservalue': { types: USER_ENUM_TYPES, visa: true },
};

/** The 特定技能 fields a job type's default may name: those the job form offers (docs/workforce.md). */
const FIELD_CHOICES = SSW_FIELDS.map(([ja, en]) => ({ value: ja, label: { ja, en } }));

interface EnumsData {
  enums: {
    enums: { id: number; type: number; sswField: string | null; simpleLabour: boolean | null; enum_job_translate_value: { language_key: string; value: string }[] }[];
    visaTypes: { id: number; ja: string; en: string }[];
  };
}

/** An enum editor screen: its sections from the enums query; each form post creates, updates or deletes one value. */
const enumScreen = (path: string, page: { types: readonly number[]; visa: boolean }): Screen =>
  defineScreen({
    path,
    load: ({ call }) => call(DOCS.Enums),
    view: ({ lang, route, req, msg }, d, state, act) => {
      const valueIn = (rec: EnumsData['enums']['enums'][number], l: string) => rec.enum_job_translate_value.find((t) => t.language_key === l)?.value ?? '';
      const sections: EnumSection[] = page.types.map((type) => ({
        type,
        title: TYPE_TITLES[type]!,
        rows: d.enums.enums
          .filter((e) => e.type === type)
          .map((e) => ({ id: e.id, ja: valueIn(e, 'ja'), en: valueIn(e, 'en'), sswField: e.sswField ?? '', simpleLabour: e.simpleLabour === null ? '' : String(e.simpleLabour) })),
        // A job type also carries its jobs' defaults for the placement rules.
        ...(type === ENUM_TYPES.jobTypes ? { defaults: FIELD_CHOICES } : {}),
      }));
      if (page.visa) sections.push({ type: 'visa', title: VISA_TITLE, rows: d.enums.visaTypes });
      // A failed post's errors and typed values are keyed by the form that sent them (`create-<type>`, `update-<id>`, `delete-<id>`).
      const key = typeof state?.values.key === 'string' ? state.values.key : '';
      const input = state?.values.input as EnumValues | undefined;
      return {
        content: (
          <EnumEditorPage
            act={act}
            lang={lang}
            title={route.title}
            action={path}
            sections={sections}
            errors={state ? { [key]: state.errors } : {}}
            values={state && input ? { [key]: input } : {}}
            notice={state ? undefined : noticeOf(req.query.done, req.query.in, msg)}
          />
        ),
      };
    },
    form: { limit: '16kb', parameterLimit: 10 },
    actions: {
      create: withRefusal(refusalOf('create'), (ctx, body) => save(ctx, path, 'create', body)),
      update: withRefusal(refusalOf('update'), (ctx, body) => save(ctx, path, 'update', body)),
      delete: withRefusal(refusalOf('delete'), (ctx, body) => save(ctx, path, 'delete', body)),
    },
  });

const FORM_FIELDS = ['type', 'id', 'ja', 'en', 'sswField', 'simpleLabour'] as const;

/** What each post that went through says, in the section it changed. */
const DONE = { create: 'notice.created', update: 'notice.saved', delete: 'notice.deleted' } as const satisfies Record<string, MessageKey>;

/** The notice of the last post (`?done=<op>&in=<type>`, where `save` sends the person back), or none. */
function noticeOf(done: unknown, section: unknown, msg: (key: MessageKey) => string): EnumNotice | undefined {
  return typeof done === 'string' && Object.hasOwn(DONE, done) && typeof section === 'string' ? { section, text: msg(DONE[done as keyof typeof DONE]) } : undefined;
}

/** A refused value is drawn again in its own row's form (`key`); an internal failure reads as a refusal. */
const refusalOf = (op: 'create' | 'update' | 'delete'): OnRefusal => ({
  values: (body) => {
    const b = formStrings(body, FORM_FIELDS);
    return { key: op === 'create' ? `create-${b.type}` : `${op}-${Number(b.id)}`, input: op === 'delete' ? undefined : { ...b } };
  },
  status: (r) => (r.status === 500 ? 422 : r.status),
});

/** Creates, updates or deletes one value of the page's enums: back to its section, or the form's errors. */
async function save(ctx: ScreenContext, path: string, op: 'create' | 'update' | 'delete', body: Record<string, unknown>) {
  const { call } = ctx;
  const b: Record<string, string> = { ...formStrings(body, FORM_FIELDS), op };
  const visa = b.type === 'visa';
  const id = Number(b.id);
  // A job type's form also sends its defaults; other forms have no such fields, so nothing is sent.
  const input = {
    ja: b.ja ?? '',
    en: b.en ?? '',
    ...(b.sswField === undefined || visa ? {} : { sswField: b.sswField }),
    ...(b.simpleLabour === undefined || visa ? {} : { simpleLabour: b.simpleLabour }),
  };
  let doc: string;
  let vars: Record<string, unknown>;
  if (b.op === 'create') {
    [doc, vars] = visa ? [sourceOf(OWN.UpsertVisaType), { input }] : [sourceOf(OWN.CreateJobEnum), { type: Number(b.type), input }];
  } else if (b.op === 'update' && Number.isInteger(id)) {
    [doc, vars] = visa ? [sourceOf(OWN.UpsertVisaType), { id, input }] : [sourceOf(OWN.UpdateJobEnum), { id, input }];
  } else if (b.op === 'delete' && Number.isInteger(id)) {
    [doc, vars] = visa ? [sourceOf(OWN.DeleteVisaType), { id }] : [sourceOf(OWN.DeleteJobEnum), { id }];
  } else {
    return failed({ key: `${op}-${b.id ?? ''}` }, { _: ctx.msg('error.notFound') }, 404);
  }
  await call<unknown>(doc, vars);
  // Back to the section that changed, which says what was done.
  return redirect(`${withFlag(withFlag(path, 'done', op), 'in', b.type ?? '')}#type-${b.type}`);
}

export const screens: readonly Screen[] = Object.entries(PAGES).map(([path, page]) => enumScreen(path, page));
