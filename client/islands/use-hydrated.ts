import { useEffect, useState } from 'react';

/**
 * False during an island's first render in the browser, true from then on. The chat's state is
 * shared by every island of the page, and another island may already have filled it (the dock
 * connects and loads while this island's code is still on its way): an island draws what the
 * server drew until it has hydrated, then the live state, so hydration never sees a mismatch.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
