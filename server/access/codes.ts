/**
 * Permission codes that more than one layer reads by name (the route table holds the rest).
 *
 * The codes that open each kind of conversation to back-office users (DESIGN.md §5): daily job
 * chats with the candidates list (120001), other job chats with the part-time and other candidates
 * (340001), support chats with /v3/admin/supportChat (420001). The chat server, the API and the
 * page layout (which decides whether to show the dock) all ask the same question.
 */
export const CHAT_CODES = { daily: 120001, other: 340001, support: 420001 } as const;
export type ChatKind = keyof typeof CHAT_CODES;

/**
 * Who works each list of the pipeline (SPEC §2): the candidate list with the applicant screens of
 * either kind (120001 daily and all, 340001 part-time), kakunin (120013) and shukkin (120012).
 * Moving an application into a list takes one of that list's codes (docs/pipeline.md).
 */
export const LIST_CODES = { candidate: [120001, 340001], kakunin: [120013], shukkin: [120012] } as const satisfies Record<string, readonly number[]>;
