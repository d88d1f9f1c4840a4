import type { ReactNode } from 'react';

/** One fact of a record: its label, what it says, and the test id of the value where a test reads it. */
export type Fact = readonly [label: string, value: ReactNode, testId?: string];

/** A record's facts as the record pages draw them: a label over each value (a `false` or null fact is not shown). */
export function RecordFacts({ facts, testId }: { facts: readonly (Fact | false | null | undefined)[]; testId?: string }) {
  return (
    <dl className="record-facts" data-testid={testId}>
      {facts
        .filter((f): f is Fact => !!f)
        .map(([label, value, valueTestId]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd data-testid={valueTestId}>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
