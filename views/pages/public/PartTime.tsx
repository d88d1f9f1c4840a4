import type { JSX, ReactNode } from 'react';
import type { Lang } from '../../../shared/i18n.ts';
import { JobBoard, type PublicJob } from './Daily.tsx';

/** /part-time: the board of part-time jobs (regular shifts each week). */
export function PartTimePage(props: { lang: Lang; jobs: PublicJob[]; search?: ReactNode; total?: number; pager?: ReactNode }): JSX.Element {
  return (
    <JobBoard
      lang={props.lang}
      jobs={props.jobs}
      search={props.search}
      total={props.total}
      pager={props.pager}
      basePath="/part-time"
      title={{ ja: 'アルバイト', en: 'Part-time jobs' }}
      intro={{
        ja: '毎週決まったシフトで続けて働ける仕事です。曜日や時間帯、必要な日本語レベルを確認して、生活に合った仕事を選んでください。',
        en: 'Ongoing jobs with regular weekly shifts. Check the days, hours and Japanese level required, and choose work that fits your life.',
      }}
      empty={{ ja: '現在、募集中のアルバイトはありません。', en: 'There are no part-time jobs open right now.' }}
    />
  );
}
