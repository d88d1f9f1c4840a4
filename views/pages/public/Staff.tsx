import type { JSX } from 'react';
import { tr, type Lang, type Text } from '../../../shared/i18n.ts';
import staff from '../../../shared/content/staff.json' with { type: 'json' };
import { ContentPage, type PageContent } from './sections.tsx';

/** A residence status: its legal (Japanese) name, its English name, what work it allows and whether that needs a work permission. */
type Visa = { name: string; en: string; rule: Text; permission: boolean };

const STAFF: PageContent & { visas: readonly Visa[]; permissionRequired: Text } = staff;

/** /staff: the page for foreign staff — how to register and apply, visa statuses, documents. */
export function StaffPage(props: { lang: Lang }): JSX.Element {
  const { lang } = props;
  const visas = (
    <ul className="visa-list">
      {STAFF.visas.map((visa) => (
        <li className="card visa-card" key={visa.en}>
          <h3>
            <span lang="ja">{visa.name}</span>
            {/* The status's legal name is Japanese; English pages add its English name. */}
            {lang === 'en' && <span className="visa-en"> ({visa.en})</span>}
          </h3>
          {visa.permission ? <p className="badge badge-warning">{tr(lang, STAFF.permissionRequired)}</p> : null}
          <p>{tr(lang, visa.rule)}</p>
        </li>
      ))}
    </ul>
  );
  return <ContentPage lang={lang} name="staff" content={STAFF} inserts={{ 'visa-title': visas }} />;
}
