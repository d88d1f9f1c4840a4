import { routeCode } from './routes.ts';

/**
 * Permission codes that more than one layer reads by name, read from the route table's rows.
 *
 * The codes that open each kind of conversation to back-office users (DESIGN.md §5): daily job
 * chats with the candidates list (120001), other job chats with the part-time and other candidates
 * (340001), support chats with /v3/admin/supportChat (420001). The chat server, the API and the
 * page layout (which decides whether to show the dock) all ask the same question.
 */
export const CHAT_CODES = { daily: routeCode('/admin/candidate'), other: routeCode('/v3/admin/candidate/other'), support: routeCode('/v3/admin/supportChat') } as const;
export type ChatKind = keyof typeof CHAT_CODES;

/**
 * Who works each list of the pipeline (SPEC §2): the candidate list with the applicant screens of
 * either kind (120001 daily and all, 340001 part-time), kakunin (120013) and shukkin (120012).
 * Moving an application into a list takes one of that list's codes (docs/pipeline.md).
 */
export const LIST_CODES = {
  candidate: [routeCode('/admin/candidate'), routeCode('/v3/admin/candidate/other')],
  kakunin: [routeCode('/admin/candidate/kakunin')],
  shukkin: [routeCode('/admin/candidate/shukkin')],
} as const satisfies Record<string, readonly number[]>;
