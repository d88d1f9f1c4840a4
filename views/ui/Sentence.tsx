import { Fragment, type ReactNode } from 'react';
import type { Lang } from '../../shared/i18n.ts';
import { msgParts, type MessageKey } from '../../shared/messages.ts';

/**
 * A catalogue message with elements in it (links inside a sentence): `parts` fills the
 * placeholders, and each language keeps its own word order.
 * <Sentence lang={lang} k="trial.agree" parts={{ terms: <a href="/terms">…</a> }} />
 */
export function Sentence({ lang, k, parts }: { lang: Lang; k: MessageKey; parts: Readonly<Record<string, ReactNode>> }) {
  return (
    <>
      {msgParts(lang, k, parts).map((part, i) => (
        <Fragment key={i}>{part}</Fragment>
      ))}
    </>
  );
}
