import { useEffect } from 'react';

/** The page's own title, without a count in front. */
let base: string | null = null;

/**
 * Puts the number of unread conversations in front of the tab's title ("(2) アルバイト求人 | Tsunagu"),
 * so a new message is noticed from another tab; the plain title comes back at 0.
 */
export function useUnreadTitle(count: number): void {
  useEffect(() => {
    base ??= document.title.replace(/^\(\d+\) /, '');
    document.title = count > 0 ? `(${count}) ${base}` : base;
  }, [count]);
}
