import type { JSX, ReactNode } from 'react';

/** One fact: what it is, its value, and the class the value is drawn with when it stands out (the pay). */
export type Fact = readonly [term: string, value: ReactNode, valueClass?: string];

/** Facts as a description list, each term beside its value; a fact without a value (null, undefined, false, '') is left out. */
export function Facts({ className, rows }: { className: string; rows: readonly Fact[] }): JSX.Element {
  return (
    <dl className={className}>
      {rows
        .filter(([, value]) => value !== null && value !== undefined && value !== false && value !== '')
        .map(([term, value, valueClass]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd className={valueClass}>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
