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
