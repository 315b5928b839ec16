// document.title names the screen and carries the unread count, like the tab of any mail or chat
// app: "(3) Messages · Paddock". The composition (src/app/) decides the screen's name and the count.
import { useEffect } from 'react';
import { translate } from '../i18n/core';

/** The tab's text: "(3) Messages · Paddock", "Messages · Paddock", "(3) Paddock" or "Paddock". */
export function documentTitle(screen: string | null, unread = 0): string {
  const count = Math.max(0, Math.floor(unread));
  return screen
    ? translate('COMMON.DOCUMENT_TITLE', { screen, count })
    : translate('COMMON.DOCUMENT_TITLE_APP', { count });
}

/** Keeps document.title on `screen` and `unread` while the caller is mounted. */
export function useDocumentTitle(screen: string | null, unread = 0): void {
  const title = documentTitle(screen, unread);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
