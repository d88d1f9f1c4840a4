import type { JSX } from 'react';
import { JobBoard, type BoardPageProps } from './Daily.tsx';

/** /part-time: the board of part-time jobs (regular shifts each week). */
export function PartTimePage(props: BoardPageProps): JSX.Element {
  return <JobBoard {...props} basePath="/part-time" title="board.partTimeTitle" intro="board.partTimeIntro" empty="board.partTimeEmpty" />;
}
