import type { JSX } from 'react';

/** The first link of a page frame: keyboard and screen-reader users jump past the header to `<main id="main">`. */
export function SkipLink({ label }: { label: string }): JSX.Element {
  return (
    <a className="skip-link" href="#main">
      {label}
    </a>
  );
}
