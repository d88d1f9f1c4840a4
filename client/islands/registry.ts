import type { ComponentType } from 'react';
import BadgeBell from './BadgeBell.tsx';
import CandidateChat from './CandidateChat.tsx';
import NotificationBell from './NotificationBell.tsx';
import LiveApplicants from './LiveApplicants.tsx';
import ChatDock from './ChatDock.tsx';
import ChatWindowsV3 from './ChatWindowsV3.tsx';
import Customizer from './Customizer.tsx';
import SupportChat from './SupportChat.tsx';
import InboxList from './InboxList.tsx';
import InboxThread from './InboxThread.tsx';
import SessionWarning from './SessionWarning.tsx';

/**
 * Every island, by name. The server renders them from here; client/boot.ts loads the same
 * names lazily from `client/islands/<name>.tsx` (so each island's file is named as its key), and
 * a view can only mark a page with a name of this map (IslandName), so a typo fails the build,
 * not the browser (STYLE.md 6).
 */
export const ISLANDS = {
  Customizer,
  ChatDock,
  ChatWindowsV3,
  BadgeBell,
  NotificationBell,
  LiveApplicants,
  SupportChat,
  InboxList,
  InboxThread,
  CandidateChat,
  SessionWarning,
} satisfies Record<string, ComponentType<never>>;

export type IslandName = keyof typeof ISLANDS;
export type IslandProps<N extends IslandName> = React.ComponentProps<(typeof ISLANDS)[N]>;
