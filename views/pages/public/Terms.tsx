import type { JSX } from 'react';
import { dateLong } from '../../../shared/format.ts';
import type { Lang } from '../../../shared/i18n.ts';
import { TERMS_ARTICLES } from '../../../shared/content/legal.ts';
import { msg } from '../../../shared/messages.ts';
import { LegalArticles, LegalFrame } from './legal-frame.tsx';

const TERMS_DATE = '2026-11-01';

/** /terms: the terms of use, in numbered articles with a table of contents. */
export function TermsPage(props: { lang: Lang }): JSX.Element {
  const { lang } = props;
  return (
    <LegalFrame lang={lang} title={msg(lang, 'common.termsOfUse')} dateTime={TERMS_DATE} shown={dateLong(TERMS_DATE, lang)}>
      <LegalArticles lang={lang} articles={TERMS_ARTICLES} />
      <p className="legal-contact">
        {msg(lang, 'legal.seeAlso')}
        <a href="/policy">{msg(lang, 'common.privacyPolicy')}</a>
        {' · '}
        <a href="/staff/contact">{msg(lang, 'common.contactUs')}</a>
      </p>
    </LegalFrame>
  );
}
