import { type ComponentType, createElement, type ReactNode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** Marks the island once React has taken it over, so tests (and styles) can tell. Renders no DOM of its own. */
function Hydrated({ el, children }: { el: Element; children?: ReactNode }) {
  useEffect(() => {
    el.setAttribute('data-hydrated', '');
  }, [el]);
  return children;
}

/** Hydrates one island in a transition so the page stays responsive (STYLE.md 7). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any island: its props were typed where the view named it (IslandProps)
export function hydrateIsland(el: Element, component: ComponentType<any>, props: Record<string, unknown>): void {
  startTransition(() => {
    hydrateRoot(el, createElement(Hydrated, { el }, createElement(component, props)));
  });
}
