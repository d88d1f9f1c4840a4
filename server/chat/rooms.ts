/**
 * The socket.io rooms of the chat: who hears about what. A conversation's events go to the rooms
 * of its kind and owners (`audience`), and a back-office socket listens in the rooms of the kinds
 * its role may open, scoped to its tenant (`tenantRooms`), so nobody hears a conversation they
 * could not open.
 */
import { isClient, isCompany, isPlatform } from '../access/tenancy.ts';
import type { ChatSocket } from './context.ts';
import { type ConversationAccess, kindOf, type Viewer } from './queries.ts';

export const userRoom = (id: string) => `user:${id}`;
export const convRoom = (id: string) => `conversation:${id}`;

/** The rooms a back-office socket listens in: one per kind of conversation its role may open (CHAT_CODES), scoped to its tenant. */
function tenantRooms(viewer: Viewer): string[] {
  if (viewer.candidate) return [];
  const t = viewer.tenant;
  const scope = isPlatform(t) ? 'platform' : isCompany(t) ? `company:${t.companyId}` : isClient(t) ? `client:${t.clientId}` : null;
  if (!scope) return [];
  return [...viewer.kinds].filter((k) => !(k === 'support' && isClient(t))).map((k) => `${scope}:${k}`);
}

/** Everyone who may hear about a conversation. */
export function audience(c: ConversationAccess): string[] {
  const kind = kindOf(c);
  const rooms = [convRoom(c.id), userRoom(c.candidate_id), `platform:${kind}`, `company:${c.company_id}:${kind}`];
  if (c.client_id && kind !== 'support') rooms.push(`client:${c.client_id}:${kind}`);
  return rooms;
}

/** Puts the socket in the rooms its user's tenant and codes give, leaving the ones they no longer give. */
export async function placeInRooms(socket: ChatSocket, viewer: Viewer): Promise<void> {
  const rooms = tenantRooms(viewer);
  const stale = socket.data.rooms.filter((r) => !rooms.includes(r));
  for (const r of stale) await socket.leave(r);
  if (stale.length) {
    // Rights were narrowed: conversation rooms are joined again through events that check them.
    for (const r of socket.rooms) if (r.startsWith('conversation:')) await socket.leave(r);
  }
  await socket.join(rooms);
  socket.data.rooms = rooms;
}
