import type { JSX } from 'react';
import type { Lang } from '../../../shared/i18n.ts';
import { TERMS_ARTICLES } from '../../../shared/content/legal.ts';
import { msg } from '../../../shared/messages.ts';
import { BuiltInLegalPage } from './legal-frame.tsx';

const TERMS_DATE = '2026-11-01';

/** /terms: the terms of use, in numbered articles with a table of contents. */
export function TermsPage(props: { lang: Lang }): JSX.Element {
  const { lang } = props;
  return (
    <BuiltInLegalPage lang={lang} title="common.termsOfUse" date={TERMS_DATE} articles={TERMS_ARTICLES}>
      {msg(lang, 'legal.seeAlso')}
      <a href="/policy">{msg(lang, 'common.privacyPolicy')}</a>
      {' · '}
      <a href="/staff/contact">{msg(lang, 'common.contactUs')}</a>
    </BuiltInLegalPage>
  );
}
