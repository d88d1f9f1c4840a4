import type { JSX, ReactNode } from 'react';
import { Facts } from '../../ui/Facts.tsx';
import { TitledSection } from '../../ui/TitledSection.tsx';
import { tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { msg, type MessageKey } from '../../../shared/messages.ts';
import { Field } from '../../ui/Field.tsx';
import { CandidatePage } from './Candidate.tsx';
import { ActionButton, type ActionRefs } from '../../ui/Action.tsx';

/**
 * The candidate's scouting page, /staff/scout (docs/scouting.md): scouting on or
 * off, what companies may see, area, when they can work, a level per language, an introduction;
 * then the offers received, each to accept (which applies to the job) or decline, or shown as
 * answered or expired. Phone-first: one column of cards.
 */
export interface MyScoutView {
  act: ActionRefs<'save' | 'accept' | 'decline'>;
  lang: Lang;
  name: string;
  notice: string | null;
  errors: Record<string, string>;
  settings: {
    enabled: boolean;
    share: { name: string; label: MessageKey; on: boolean }[];
    prefecture: string;
    prefectures: readonly { value: string; label: string }[];
    availability: { value: string; label: string; on: boolean }[];
    levels: { code: string; language: string; level: number }[];
    levelChoices: { value: number; label: Text }[];
    intro: string;
  };
  offers: {
    id: string;
    state: string;
    title: string;
    when: string | null;
    message: string;
    expires: string;
    chatHref: string | null;
  }[];
}

const STATE_KEYS: Record<string, MessageKey> = {
  pending: 'scout.status.pending',
  accepted: 'scout.status.accepted',
  declined: 'scout.status.declined',
  expired: 'scout.status.expired',
  withdrawn: 'scout.status.withdrawn',
};

/** A fieldset of checkboxes, one a line, and what follows them (`children`). */
function Checkboxes(p: { legend: string; boxes: readonly { name: string; value: string; on: boolean; label: string }[]; children?: ReactNode }): JSX.Element {
  return (
    <fieldset>
      <legend>{p.legend}</legend>
      {p.boxes.map((box) => (
        <p key={`${box.name}=${box.value}`}>
          <label>
            <input type="checkbox" name={box.name} value={box.value} defaultChecked={box.on} /> {box.label}
          </label>
        </p>
      ))}
      {p.children}
    </fieldset>
  );
}

export function MyScoutPage(p: MyScoutView): JSX.Element {
  const L = p.lang;
  const s = p.settings;
  return (
    <CandidatePage lang={L} name={p.name} current="/staff/scout" className="scout-page" notice={p.notice} error={p.errors._}>
      <TitledSection id="offers" title={msg(L, 'scout.offers')}>
        {p.offers.length === 0 && <p>{msg(L, 'scout.noOffers')}</p>}
        <ul className="job-list">
          {p.offers.map((o) => (
            <li key={o.id}>
              <article className="job-card">
                <h3>{o.title}</h3>
                <Facts
                  className="job-facts"
                  rows={[
                    [msg(L, 'candidate.date'), o.when],
                    [
                      msg(L, 'candidate.status'),
                      <>
                        <strong>{msg(L, STATE_KEYS[o.state] ?? 'scout.status.pending')}</strong>
                        {o.state === 'pending' && <> · {msg(L, 'scout.expires', { date: o.expires })}</>}
                      </>,
                    ],
                  ]}
                />
                <p className="scout-message">{o.message}</p>
                {o.state === 'pending' && (
                  <form method="post" action="/staff/scout" className="application-confirm">
                    <input type="hidden" name="id" value={o.id} />
                    <ActionButton action={p.act.accept} className="button button-primary button-small">
                      {msg(L, 'scout.accept')}
                    </ActionButton>{' '}
                    <ActionButton action={p.act.decline} className="button button-secondary button-small" confirm={msg(L, 'scout.declineConfirm')}>
                      {msg(L, 'scout.decline')}
                    </ActionButton>
                  </form>
                )}
                {o.chatHref && (
                  <p className="application-chat">
                    <a className="button button-secondary button-small" href={o.chatHref}>
                      {msg(L, 'scout.openChat')}
                    </a>
                  </p>
                )}
              </article>
            </li>
          ))}
        </ul>
      </TitledSection>
      <TitledSection id="settings" title={msg(L, 'scout.settings')}>
        <form method="post" action="/staff/scout" className="card form-card">
          <p className="hint">{msg(L, 'scout.intro')}</p>
          <p>
            <label>
              <input type="checkbox" name="enabled" value="on" defaultChecked={s.enabled} /> <strong>{msg(L, 'scout.enabled')}</strong>
            </label>
          </p>
          <Checkboxes legend={msg(L, 'scout.share')} boxes={s.share.map((x) => ({ name: x.name, value: 'on', on: x.on, label: msg(L, x.label) }))}>
            <p className="hint">{msg(L, 'scout.alwaysShown')}</p>
          </Checkboxes>
          <Field name="prefecture" label={msg(L, 'scout.prefecture')} value={s.prefecture} error={p.errors.prefecture}>
            <option value="">{msg(L, 'scout.anyPrefecture')}</option>
            {s.prefectures.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Field>
          <Checkboxes legend={msg(L, 'scout.availability')} boxes={s.availability.map((a) => ({ name: 'availability', value: a.value, on: a.on, label: a.label }))} />
          {s.levels.length > 0 && (
            <fieldset>
              <legend>{msg(L, 'scout.levels')}</legend>
              {s.levels.map((l) => (
                <Field key={l.code} name={`level_${l.code}`} label={l.language} value={String(l.level)}>
                  <option value="0">{msg(L, 'scout.levelNone')}</option>
                  {s.levelChoices.map((c) => (
                    <option key={c.value} value={String(c.value)}>
                      {tr(L, c.label)}
                    </option>
                  ))}
                </Field>
              ))}
            </fieldset>
          )}
          <Field name="intro" label={msg(L, 'scout.introLabel')} value={s.intro} error={p.errors.intro} textarea />
          <ActionButton action={p.act.save} className="button button-primary">
            {msg(L, 'scout.save')}
          </ActionButton>
        </form>
      </TitledSection>
    </CandidatePage>
  );
}
