import { createContext, useContext } from 'react';
import { ISLANDS, type IslandName, type IslandProps } from '../../client/islands/registry.ts';

/** Collects the islands a render used, so the document loads the boot script only when needed. */
export const IslandCollector = createContext<Set<string> | null>(null);

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Server-renders an island inside a marked element and serialises its props once beside it
 * (DESIGN.md §8). client/boot.ts hydrates the element with the same component and props.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  useContext(IslandCollector)?.add(name);
  const Component = ISLANDS[name] as unknown as React.ComponentType<Record<string, unknown>>;
  return (
    <>
      <div data-island={name}>
        <Component {...(props as unknown as Record<string, unknown>)} />
      </div>
      <script type="application/json" data-island-props={name} dangerouslySetInnerHTML={{ __html: scriptJson(props) }} />
    </>
  );
}
