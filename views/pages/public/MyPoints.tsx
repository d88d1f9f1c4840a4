import type { JSX } from 'react';
import { TitledSection } from '../../ui/TitledSection.tsx';
import type { Lang } from '../../../shared/i18n.ts';
import { msgText } from '../../../shared/texts/index.ts';
import { msg } from '../../../shared/messages.ts';
import { DataTable, type ColumnView } from '../../ui/DataTable.tsx';
import { CandidatePage } from './Candidate.tsx';

/**
 * The candidate's points on /staff/points (docs/points.md): the balance of each
 * wallet (the platform's campaign points, each company's), the latest movements, and the link
 * that invites a friend (referral campaigns). Phone-first: one column.
 */
export interface MyPointsView {
  lang: Lang;
  name: string;
  balances: { wallet: string; balance: number }[];
  entries: Record<string, unknown>[];
  inviteUrl: string;
}

const KINDS = (['shift', 'campaign', 'manual', 'spend', 'expire'] as const).map((k) => ({
  value: k,
  label: { ja: msg('ja', `points.kind.${k}`), en: msg('en', `points.kind.${k}`) },
  tone: k === 'spend' ? ('warning' as const) : k === 'expire' ? ('neutral' as const) : ('success' as const),
}));
const COLUMNS: ColumnView[] = [
  { name: 'createdAt', label: msgText('applicant.when'), type: 'datetime' },
  { name: 'wallet', label: msgText('points.wallet'), type: 'text' },
  { name: 'kind', label: msgText('myPoints.kind'), type: 'badge', states: KINDS },
  { name: 'points', label: msgText('points.title'), type: 'number' },
  { name: 'reason', label: msgText('points.reason'), type: 'text' },
  { name: 'expiresOn', label: msgText('myPoints.validUntil'), type: 'date' },
];

export function MyPointsPage(p: MyPointsView): JSX.Element {
  const L = p.lang;
  return (
    <CandidatePage lang={L} name={p.name} current="/staff/points" className="pay-page">
      <TitledSection id="balances" title={msg(L, 'points.balances')}>
        {p.balances.length === 0 ? (
          <p>{msg(L, 'points.none')}</p>
        ) : (
          <ul className="point-balances">
            {p.balances.map((b) => (
              <li key={b.wallet} className="card">
                <span className="point-wallet">{b.wallet}</span> <strong className="point-balance">{`${b.balance} pt`}</strong>
              </li>
            ))}
          </ul>
        )}
      </TitledSection>
      <TitledSection id="history" title={msg(L, 'points.history')}>
        <DataTable lang={L} columns={COLUMNS} rows={p.entries} empty={msg(L, 'points.none')} />
      </TitledSection>
      <TitledSection className="card form-card" id="invite" title={msg(L, 'points.invite')}>
        <p className="hint">{msg(L, 'points.inviteHint')}</p>
        <p className="invite-link">
          <a href={p.inviteUrl}>{p.inviteUrl}</a>
        </p>
      </TitledSection>
    </CandidatePage>
  );
}
