/** The names of the fields an action button sends (views/ui/Action.tsx); apart so the page's script reads them without React. */

/** The form field every action button sends. */
export const ACTION_FIELD = '_action';

/**
 * The field a button that asks first sends instead, until the person has said yes: the page's
 * script (client/boot.ts) asks, and renames the button to `_action` when they agree (or when the
 * chosen option asks nothing). A post that still says `_asking` came from a browser that did not
 * ask (no script, or pressed before it loaded): the screen kit asks on a page of its own.
 */
export const ASKING_FIELD = '_asking';
