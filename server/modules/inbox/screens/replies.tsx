import { operation } from '../../../api/documents.ts';
import { PLACEHOLDERS } from '../canned.ts';
import { CannedRepliesPage, type CannedValues } from '../../../../views/pages/admin/CannedReplies.tsx';
import { dateTimeText } from '../../../../shared/format.ts';
import { m } from '../../../../shared/messages.ts';
import { textsOf } from '../../../../shared/texts/index.ts';
import { formStrings, queryText, withFlag } from '../../../web/kit.ts';
import { defineScreen, redirect, withRefusal, type OnRefusal, type ScreenContext } from '../../../web/screen.ts';

/**
 * /admin/inbox/replies (docs/inbox.md "Canned replies"): the company's canned replies (the
 * platform's own set for platform staff), each edited in its own form, and a form for a new one,
 * over `cannedReplies`, `saveCannedReply` and `deleteCannedReply`. The API checks the text (a
 * title, both languages, only the known placeholders) and who may write it.
 */
const PATH = '/admin/inbox/replies';
const FIELDS = ['title', 'bodyJa', 'bodyEn'] as const;

export const texts = textsOf({
  'cannedPage.saved': m('定型文を保存しました。', 'The canned reply is saved.'),
  'cannedPage.deleted': m('定型文を削除しました。', 'The canned reply is deleted.'),
});

const REPLIES = operation(/* GraphQL */ `query CannedReplies { cannedReplies { id title bodyJa bodyEn updatedAt } }`);
const SAVE = operation(/* GraphQL */ `mutation SaveCannedReply($input: CannedReplyInput!) { saveCannedReply(input: $input) }`);
const DELETE = operation(/* GraphQL */ `mutation DeleteCannedReply($id: ID!) { deleteCannedReply(id: $id) }`);

/** A refused post is drawn again in the form it came from: a reply's (its id) or the new one's. */
const refusal: OnRefusal = { values: (body, arg) => ({ ...formStrings(body, FIELDS), key: arg ?? 'new' }) };

async function save(ctx: ScreenContext, body: Record<string, unknown>, id: string | null) {
  const b = formStrings(body, FIELDS);
  const saved = await ctx.call(SAVE, { input: { id, title: b.title ?? '', bodyJa: b.bodyJa ?? '', bodyEn: b.bodyEn ?? '' } });
  return redirect(`${withFlag(PATH, 'done', 'saved')}#reply-${saved.saveCannedReply}`);
}

const INBOX_REPLIES_SCREEN = defineScreen({
  path: PATH,
  load: async (ctx) => (await ctx.call(REPLIES)).cannedReplies,
  view: ({ lang, route, req }, replies, state, act) => {
    const done = queryText(req, 'done');
    const key = typeof state?.values.key === 'string' ? state.values.key : undefined;
    return {
      content: (
        <CannedRepliesPage
          act={act}
          lang={lang}
          title={route.title}
          action={PATH}
          rows={replies.map((r) => ({ id: r.id, title: r.title, bodyJa: r.bodyJa, bodyEn: r.bodyEn, updated: dateTimeText(r.updatedAt, lang) }))}
          placeholders={PLACEHOLDERS.map((p) => `{${p}}`)}
          refused={state && key ? { key, errors: state.errors, values: state.values as CannedValues } : undefined}
          notice={!state && (done === 'saved' || done === 'deleted') ? texts(lang, `cannedPage.${done}`) : undefined}
          inboxHref="/admin/inbox"
        />
      ),
    };
  },
  form: { limit: '32kb', parameterLimit: 10 },
  actions: {
    add: withRefusal(refusal, (ctx, body) => save(ctx, body, null)),
    save: withRefusal(refusal, (ctx, body, arg) => save(ctx, body, arg ?? '')),
    delete: withRefusal(refusal, async (ctx, _body, arg) => {
      await ctx.call(DELETE, { id: arg ?? '' });
      return redirect(withFlag(PATH, 'done', 'deleted'));
    }),
  },
});

export const screens = [INBOX_REPLIES_SCREEN];
