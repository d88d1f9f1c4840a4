import type { JSX } from 'react';
import { dateLong } from '../../../shared/format.ts';
import type { Lang } from '../../../shared/i18n.ts';
import { POLICY_ARTICLES } from '../../../shared/content/legal.ts';
import { msg } from '../../../shared/messages.ts';
import { LegalArticles, LegalFrame } from './legal-frame.tsx';

const POLICY_DATE = '2026-11-01';

/** /policy: the privacy policy, in numbered articles with a table of contents. */
export function PolicyPage(props: { lang: Lang }): JSX.Element {
  const { lang } = props;
  return (
    <LegalFrame lang={lang} title={msg(lang, 'common.privacyPolicy')} dateTime={POLICY_DATE} shown={dateLong(POLICY_DATE, lang)}>
      <LegalArticles lang={lang} articles={POLICY_ARTICLES} />
      <p className="legal-contact">
        <a href="/staff/contact">{msg(lang, 'legal.contactForm')}</a>
      </p>
    </LegalFrame>
  );
}
