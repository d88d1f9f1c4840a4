import { previewText as preview } from '../../server/chat/events.ts';

/** previewText (server/chat/events.ts) in the page's language unless told otherwise. */
export function previewText(messageType: number, content: string, lang: string = typeof document === 'undefined' ? 'ja' : document.documentElement.lang): string {
  return preview(messageType, content, lang);
}
