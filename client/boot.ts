import NProgress from 'nprogress';
import type { ComponentType } from 'react';
import type { IslandName } from './islands/registry.ts';
import { clearIdentity, pageIdentity } from './stores/persist.ts';
import { ACTION_FIELD, ASKING_FIELD } from '../views/ui/action-fields.ts';

/**
 * The one script every page loads. It shows the progress bar on navigation and form submits
 * (SPEC §1) and hydrates the islands the page marked; React is fetched only when there is one.
 */
/**
 * An island's code, fetched when a page has one: esbuild bundles every `client/islands/*.tsx` for
 * this pattern (a chunk each), so a new island is named once, in the registry.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island has its own props; ISLANDS types them per name
const load = (name: IslandName): Promise<{ default: ComponentType<any> }> => import(`./islands/${name}.tsx`);

NProgress.configure({ showSpinner: false, trickleSpeed: 150 });

function isPlainNavigation(e: MouseEvent, a: HTMLAnchorElement): boolean {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return false;
  if (a.target && a.target !== '_self') return false;
  if (a.hasAttribute('download') || a.origin !== location.origin) return false;
  // An in-page anchor does not load a page.
  return !(a.pathname === location.pathname && a.search === location.search && a.hash);
}

document.addEventListener('click', (e) => {
  const a = (e.target as Element | null)?.closest?.('a[href]');
  if (a instanceof HTMLAnchorElement && isPlainNavigation(e, a)) NProgress.start();
});
document.addEventListener('submit', (e) => {
  if (!e.defaultPrevented) NProgress.start();
  // A logout form: what this browser stored for that person goes with the session (persist.ts).
  const form = e.target;
  if (!e.defaultPrevented && form instanceof HTMLFormElement && form.dataset.clears) {
    const kind = form.dataset.clears === 'candidate' ? 'candidate' : 'admin';
    // The chat resets its store first (writing the empty state), then everything stored is removed.
    document.dispatchEvent(new CustomEvent('tsunagu:logout', { detail: kind }));
    clearIdentity(pageIdentity(kind));
  }
});
// A list's "select all" box (views/ui/DataTable.tsx) checks the row boxes of its form.
document.addEventListener('change', (e) => {
  const box = e.target;
  if (!(box instanceof HTMLInputElement) || !box.dataset.selectAll) return;
  const form = box.getAttribute('form');
  for (const row of document.querySelectorAll<HTMLInputElement>(`input[type=checkbox][name="${box.dataset.selectAll}"]${form ? `[form="${form}"]` : ''}`)) row.checked = box.checked;
});
// A button that asks first: its own question (data-confirm), or the question of the option chosen
// in its form's select named by data-confirm-choice (a bulk move into a state that tells people
// what cannot be undone). Any action that cannot be undone. It is drawn sending `_asking`; once the
// person agrees (or the chosen option asks nothing) it sends `_action`. A browser that never ran
// this is asked by the server (server/web/ask-first.tsx). A form the browser will refuse (an empty
// required amount) is not asked about: the browser says what to fill in first, and asking comes after.
document.addEventListener('click', (e) => {
  const button = (e.target as Element | null)?.closest?.('button[data-confirm], button[data-confirm-choice]');
  if (!(button instanceof HTMLButtonElement)) return;
  const form = button.form;
  if (form && !form.noValidate && !button.formNoValidate && !form.checkValidity()) return;
  const choice = button.dataset.confirmChoice ? button.form?.elements.namedItem(button.dataset.confirmChoice) : null;
  const question = button.dataset.confirm ?? (choice instanceof HTMLSelectElement ? choice.selectedOptions[0]?.dataset.confirm : undefined);
  if (question && !window.confirm(question)) e.preventDefault();
  else if (button.name === ASKING_FIELD) button.name = ACTION_FIELD;
});
// A form drawn again with errors: the cursor goes to the first field to fix (the server marks
// every invalid control with aria-invalid; React does not render autofocus on the server).
const firstInvalid = document.querySelector<HTMLElement>('form [aria-invalid="true"]');
if (firstInvalid && (document.activeElement === document.body || document.activeElement === null)) firstInvalid.focus();

// Coming back through the back/forward cache must not leave the bar running.
window.addEventListener('pageshow', () => NProgress.done());

async function hydrateIslands() {
  const nodes = Array.from(document.querySelectorAll<HTMLElement>('[data-island]'));
  if (!nodes.length) return;
  const { hydrateIsland } = await import('./hydrate.ts');
  const done = new WeakSet<Element>();
  for (const el of nodes) {
    const name = el.dataset.island as IslandName;
    if (!name || done.has(el)) continue;
    done.add(el);
    const propsEl = el.nextElementSibling;
    const props = propsEl?.matches('script[data-island-props]') ? JSON.parse(propsEl.textContent || '{}') : {};
    void load(name)
      .then((mod) => hydrateIsland(el, mod.default, props))
      .catch((err) => console.warn(`island ${name} failed to load`, err));
  }
}

void hydrateIslands();
