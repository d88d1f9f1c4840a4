import type { JSX } from 'react';
import type { Lang } from '../../../shared/i18n.ts';
import { POLICY_ARTICLES } from '../../../shared/content/legal.ts';
import { msg } from '../../../shared/messages.ts';
import { BuiltInLegalPage } from './legal-frame.tsx';

const POLICY_DATE = '2026-11-01';

/** /policy: the privacy policy, in numbered articles with a table of contents. */
export function PolicyPage(props: { lang: Lang }): JSX.Element {
  const { lang } = props;
  return (
    <BuiltInLegalPage lang={lang} title="common.privacyPolicy" date={POLICY_DATE} articles={POLICY_ARTICLES}>
      <a href="/staff/contact">{msg(lang, 'legal.contactForm')}</a>
    </BuiltInLegalPage>
  );
}
