import type { JSX, ReactNode } from 'react';
import type { Lang } from '../../../shared/i18n.ts';
import { JobBoard, type PublicJob } from './Daily.tsx';

/** /part-time: the board of part-time jobs (regular shifts each week). */
export function PartTimePage(props: { lang: Lang; jobs: PublicJob[]; search?: ReactNode; filtered?: boolean; total?: number; pager?: ReactNode; ads?: ReactNode }): JSX.Element {
  return (
    <JobBoard
      lang={props.lang}
      ads={props.ads}
      jobs={props.jobs}
      search={props.search}
      filtered={props.filtered}
      total={props.total}
      pager={props.pager}
      basePath="/part-time"
      title="board.partTimeTitle"
      intro="board.partTimeIntro"
      empty="board.partTimeEmpty"
    />
  );
}
