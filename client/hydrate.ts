import { type ComponentType, createElement, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** Hydrates one island in a transition so the page stays responsive (STYLE.md 7). */
export function hydrateIsland(el: Element, component: ComponentType<any>, props: Record<string, unknown>): void {
  startTransition(() => {
    hydrateRoot(el, createElement(component, props));
  });
}
