import { badgeStates } from '../../../shared/list-kinds.ts';
import type { JSX } from 'react';
import { TitledSection } from '../../ui/TitledSection.tsx';
import { SelectFilter } from '../../ui/SelectFilter.tsx';
import { pickLang, tr, type Lang, type Text } from '../../../shared/i18n.ts';
import { msg, type MessageKey } from '../../../shared/messages.ts';
import { Badge, DataTable, Notice, TableSection, problemsCell, type Tone, tableColumns } from '../../ui/DataTable.tsx';
import { Field } from '../../ui/Field.tsx';
import { ActionButton, ActionForm, ConfirmAction, type ActionRefs } from '../../ui/Action.tsx';
import type { SyncCounts } from '../../../shared/integrations.ts';

export interface CompanyChoice {
  id: string;
  nameJa: string;
  nameEn: string;
}

export interface CatalogueEntry {
  companyId: string;
  companyJa: string;
  companyEn: string;
  provider: string;
  state: string;
  lastSyncAt: string | null;
  lastSyncStatus: string | null;
}

export interface SyncView extends SyncCounts {
  id: string;
  startedAt: string;
  finishedAt: string | null;
  status: string;
  actorName: string;
  /** What went wrong, in the reader's language. */
  errors: string[];
}

export interface RomutenView {
  companyId: string;
  companyJa: string;
  companyEn: string;
  companies: CompanyChoice[];
  configured: boolean;
  baseUrl: string;
  apiKeySet: boolean;
  apiKeyLast4: string | null;
  secretSet: boolean;
  secretLast4: string | null;
  enabled: boolean;
  state: string;
  lastSyncAt: string | null;
  lastSyncStatus: string | null;
  keyAvailable: boolean;
  syncs: SyncView[];
  items: { entity: string; remoteStatus: string | null; count: number }[];
}

const CONNECTION_STATES = badgeStates({
  not_connected: ['integrations.notConnectedState', 'neutral'],
  connected: ['integrations.connectedState', 'success'],
  failing: ['integrations.failingState', 'danger'],
});
const SYNC_STATES = badgeStates({
  running: ['integrations.running', 'info'],
  ok: ['integrations.ok', 'success'],
  partial: ['integrations.partial', 'warning'],
  failed: ['integrations.failed', 'danger'],
});
const PROVIDERS: Record<string, { name: MessageKey; about: MessageKey; path: string }> = {
  romuten: { name: 'integrations.romuten', about: 'integrations.romutenAbout', path: '/admin/integration/romuten' },
};

function StateBadge({ lang, state }: { lang: Lang; state: string }) {
  const s = CONNECTION_STATES.find((x) => x.value === state);
  return <Badge tone={(s?.tone ?? 'neutral') as Tone}>{s ? tr(lang, s.label) : state}</Badge>;
}

const companyName = (lang: Lang, c: { nameJa: string; nameEn: string }) => pickLang(lang, c.nameJa, c.nameEn);

/** A GET form choosing the company (platform users; a company user has one and sees no picker). */
function CompanyPicker({ lang, path, companies, chosen, all }: { lang: Lang; path: string; companies: CompanyChoice[]; chosen: string; all?: boolean }) {
  if (companies.length < 2) return null;
  return (
    <SelectFilter path={path} label={msg(lang, 'integrations.chooseCompany')} name="company" value={chosen} button={msg(lang, 'integrations.show')} buttonClass="btn btn-secondary">
      {all && <option value="">{msg(lang, 'list.all')}</option>}
      {companies.map((c) => (
        <option key={c.id} value={c.id}>
          {companyName(lang, c)}
        </option>
      ))}
    </SelectFilter>
  );
}

/** A secret the form never shows: the hint says whether one is set (and its last four characters); left empty, it is kept. */
function SecretField(p: { lang: Lang; name: string; label: MessageKey; set: boolean; last4: string | null; error: string | undefined }) {
  return (
    <Field
      name={p.name}
      type="password"
      autoComplete="off"
      label={msg(p.lang, p.label)}
      hint={p.set ? msg(p.lang, 'integrations.isSet', { last4: p.last4 ?? '' }) : msg(p.lang, 'integrations.notSet')}
      error={p.error}
    />
  );
}

/** /admin/integration: every service of each company the caller may see, its state and last sync. */
export function IntegrationCatalogue({ lang, title, companies, chosen, entries }: { lang: Lang; title: Text; companies: CompanyChoice[]; chosen: string; entries: CatalogueEntry[] }): JSX.Element {
  return (
    <section className="integrations">
      <div className="page-head">
        <h1>{tr(lang, title)}</h1>
      </div>
      <p className="field-hint">{msg(lang, 'integrations.catalogueHint')}</p>
      <ul className="plain-list">
        {Object.values(PROVIDERS).map((p) => (
          <li key={p.path}>
            <strong>{msg(lang, p.name)}</strong> {msg(lang, p.about)}
          </li>
        ))}
      </ul>
      <CompanyPicker lang={lang} path="/admin/integration" companies={companies} chosen={chosen} all />
      <DataTable
        lang={lang}
        columns={tableColumns({
          company: ['integrations.company', 'text'],
          service: ['integrations.service', 'text'],
          state: ['integrations.state', 'badge', { states: CONNECTION_STATES }],
          lastSyncAt: ['integrations.lastSync', 'datetime'],
          lastSyncStatus: ['integrations.result', 'badge', { states: SYNC_STATES }],
        })}
        rows={entries.map((e) => ({
          ...e,
          id: `${e.companyId}:${e.provider}`,
          company: pickLang(lang, e.companyJa, e.companyEn),
          service: PROVIDERS[e.provider] ? msg(lang, PROVIDERS[e.provider]!.name) : e.provider,
        }))}
        href={(r, c) => (c === 'service' && PROVIDERS[String(r.provider)] ? `${PROVIDERS[String(r.provider)]!.path}?company=${encodeURIComponent(String(r.companyId))}` : null)}
        rowActions={(r) => {
          const p = PROVIDERS[String(r.provider)];
          return p ? (
            <a className="btn btn-small" href={`${p.path}?company=${encodeURIComponent(String(r.companyId))}`}>
              {msg(lang, 'integrations.open')}
            </a>
          ) : null;
        }}
        empty={msg(lang, 'integrations.none')}
      />
    </section>
  );
}

/** /admin/integration/romuten: the connection's settings, "sync now", what Romuten reports, and the sync log. */
export function RomutenSettings(p: {
  act: ActionRefs<'save' | 'sync' | 'disconnect'>;
  lang: Lang;
  title: Text;
  action: string;
  data: RomutenView;
  values: { baseUrl: string; enabled: boolean };
  errors: Record<string, string>;
  notice?: string | undefined;
}): JSX.Element {
  const { lang, data: d, errors } = p;
  const hidden = <input type="hidden" name="company" value={d.companyId} />;
  return (
    <section className="integrations romuten">
      <div className="page-head">
        <h1>{tr(lang, p.title)}</h1>
        <div className="page-actions">
          <StateBadge lang={lang} state={d.state} />
        </div>
      </div>
      <p>
        <strong>{pickLang(lang, d.companyJa, d.companyEn)}</strong> · {msg(lang, 'integrations.romutenAbout')}
      </p>
      <CompanyPicker lang={lang} path="/admin/integration/romuten" companies={d.companies} chosen={d.companyId} />
      <Notice text={p.notice} />
      <Notice text={errors._} error />
      {!d.keyAvailable && <Notice text={msg(lang, 'integrations.noKeyNote')} error />}

      <TitledSection className="card" id="romuten-settings-title" title={msg(lang, 'integrations.settings')}>
        <form method="post" action={p.action} className="resource-form" noValidate autoComplete="off">
          {hidden}
          <Field name="baseUrl" type="url" label={msg(lang, 'integrations.baseUrl')} hint={msg(lang, 'integrations.baseUrlHint')} value={p.values.baseUrl} error={errors.baseUrl} required />
          <SecretField lang={lang} name="apiKey" label="integrations.apiKey" set={d.apiKeySet} last4={d.apiKeyLast4} error={errors.apiKey} />
          <SecretField lang={lang} name="secret" label="integrations.secret" set={d.secretSet} last4={d.secretLast4} error={errors.secret} />
          <div className="field field-check">
            <label>
              <input type="checkbox" name="enabled" defaultChecked={p.values.enabled} /> {msg(lang, 'integrations.enabled')}
            </label>
            {errors.enabled && <p className="field-error">{errors.enabled}</p>}
          </div>
          <div className="form-actions">
            <ActionButton action={p.act.save} className="btn">
              {msg(lang, 'integrations.save')}
            </ActionButton>
          </div>
        </form>
        <div className="form-actions">
          <ActionForm post={p.action} action={p.act.sync} button="btn btn-secondary" label={msg(lang, 'integrations.syncNow')}>
            {hidden}
          </ActionForm>
          {d.apiKeySet && (
            <ConfirmAction label={msg(lang, 'integrations.disconnect')} post={p.action} prompt={msg(lang, 'integrations.disconnectConfirm')} action={p.act.disconnect}>
              {hidden}
            </ConfirmAction>
          )}
        </div>
      </TitledSection>

      <TableSection
        className="card"
        id="romuten-remote-title"
        title={msg(lang, 'integrations.remote')}
        lang={lang}
        columns={tableColumns({
          entityText: ['integrations.entity', 'text'],
          status: ['integrations.state', 'text'],
          count: ['integrations.count', 'number'],
        })}
        rows={d.items.map((i) => ({
          id: `${i.entity}:${i.remoteStatus ?? ''}`,
          entityText: msg(lang, i.entity === 'worker' ? 'integrations.entityWorker' : 'integrations.entityAttendance'),
          status: i.remoteStatus ?? msg(lang, 'integrations.unknownStatus'),
          count: i.count,
        }))}
        empty={msg(lang, 'integrations.noItems')}
      />

      <TableSection
        className="card"
        id="romuten-log-title"
        anchor="romuten-log"
        title={msg(lang, 'integrations.log')}
        lang={lang}
        columns={tableColumns({
          startedAt: ['integrations.started', 'datetime'],
          actorName: ['integrations.by', 'text'],
          status: ['integrations.result', 'badge', { states: SYNC_STATES }],
          workersPushed: ['integrations.workers', 'number'],
          attendancePushed: ['integrations.attendance', 'number'],
          unchanged: ['integrations.unchanged', 'number'],
          statusesPulled: ['integrations.pulled', 'number'],
          failed: ['integrations.failedItems', 'number'],
          retries: ['integrations.retries', 'number'],
          errors: ['integrations.problems', 'text'],
        })}
        rows={d.syncs}
        cell={problemsCell}
        empty={msg(lang, 'integrations.noSyncs')}
      />
    </section>
  );
}
