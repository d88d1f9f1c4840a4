import { MESSAGE_IMAGE } from '../../server/chat/events.ts';

/**
 * How a message reads in a list (the recent list, the support list, notices): text as it is, an
 * image (whose content is only an attachment id) as a label in the page's language.
 */
export function previewText(messageType: number, content: string, lang: string = typeof document === 'undefined' ? 'ja' : document.documentElement.lang): string {
  if (messageType !== MESSAGE_IMAGE) return content;
  return lang === 'en' ? '[Image]' : '[画像]';
}
