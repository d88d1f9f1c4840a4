import type { JSX } from 'react';
import { TitledSection } from '../../ui/TitledSection.tsx';
import type { Lang } from '../../../shared/i18n.ts';
import { POINT_KINDS } from '../../../shared/states.ts';
import { msg } from '../../../shared/messages.ts';
import { DataTable, tableColumns } from '../../ui/DataTable.tsx';
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

const COLUMNS = tableColumns({
  createdAt: ['applicant.when', 'datetime'],
  wallet: ['points.wallet', 'text'],
  kind: ['myPoints.kind', 'badge', { states: POINT_KINDS }],
  points: ['points.title', 'number'],
  reason: ['points.reason', 'text'],
  expiresOn: ['myPoints.validUntil', 'date'],
});

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
