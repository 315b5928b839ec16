// The interface language lives on the account too (PUT /users/me { language }), so the server
// writes errors and mails in it and a new device opens in it. Saving goes through the outbox (it
// works offline); a choice not sent yet is replaced by the next one, only the last matters.
// At sign-in, and whenever the server's copy of the member arrives, the account's language is
// applied, unless a choice made on this device is still on its way.
import type { CurrentUser } from '@/contract/user';
import { cachedUser, sessionStore } from '@/lib/auth/session-store';
import { type PaddockDb } from '@/lib/db';
import {
  changeLocale,
  i18n,
  isSupportedLocale,
  LOCALE_UNSAVED_KEY,
  onLocaleChange,
  type Locale,
} from '@/lib/i18n';
import { offlineWrite, queueWrite } from '@/lib/offline/write';
import { LANGUAGE_ENTITY, PEOPLE_KINDS } from './kinds';

/** Queues the save of the language on the account; resolves once it is kept on this device. */
export function saveAccountLanguage(language: Locale, given?: PaddockDb): Promise<void> {
  return offlineWrite(given, async (database) => {
    const id = crypto.randomUUID();
    await queueWrite(
      database,
      {
        id,
        kind: PEOPLE_KINDS.language,
        entityId: LANGUAGE_ENTITY,
        method: 'PUT',
        path: '/users/me',
        body: { type: 'json', json: { language } },
      },
      // In the same transaction: earlier choices still waiting (or refused) are replaced; one
      // already on the wire is not.
      (tx) =>
        tx.outbox
          .where('entityId')
          .equals(LANGUAGE_ENTITY)
          .filter((entry) => entry.id !== id && entry.status !== 'sending')
          .delete(),
    );
  });
}

/** A choice of this device still on its way: the server's copy is older than it. */
async function languageQueued(database: PaddockDb | undefined): Promise<boolean> {
  return offlineWrite(
    database,
    async (db) => (await db.outbox.where('entityId').equals(LANGUAGE_ENTITY).count()) > 0,
  );
}

/** The session's member (and its copy kept for offline starts) has this language now. */
function setSessionLanguage(language: Locale): void {
  const { user } = sessionStore.getState();
  if (!user || user.language === language) return;
  const next = { ...user, language };
  cachedUser.write(next);
  sessionStore.setState({ user: next });
}

/** After the server took the language: the session's member says so, unless a newer choice waits. */
export async function reconcileLanguage(data: unknown, database?: PaddockDb): Promise<void> {
  const answer = data as Partial<CurrentUser> | null | undefined;
  const { user } = sessionStore.getState();
  if (!user || answer?.id !== user.id || !isSupportedLocale(answer.language)) return;
  if (await languageQueued(database)) return;
  setSessionLanguage(answer.language);
}

/** A choice of this device's member not yet queued for the account (made before the engine bound). */
function unsavedChoice(): Locale | null {
  try {
    const value = localStorage.getItem(LOCALE_UNSAVED_KEY);
    return isSupportedLocale(value) ? value : null;
  } catch {
    return null;
  }
}

function forgetUnsavedChoice(): void {
  try {
    localStorage.removeItem(LOCALE_UNSAVED_KEY);
  } catch {
    // storage disabled: nothing was kept
  }
}

let unbind: (() => void) | null = null;

/**
 * Binds the app's language to the account's, once per page (the signed-in engine calls it):
 * - the member switches language → saved on the account (through the outbox);
 * - a member arrives (sign-in, the server's copy) → its stored language is applied; one with none
 *   stored gets the app's current language saved.
 * Returns the unbind (tests).
 */
export function bindAccountLanguage(database?: PaddockDb): () => void {
  if (unbind) return unbind;
  let lastUser: CurrentUser | null = null;
  let applying: Promise<void> = Promise.resolve();
  // The saves in order; the account's language is looked at only once they are kept.
  let saving: Promise<void> = Promise.resolve();

  const save = (language: Locale) => {
    saving = saving.then(() =>
      saveAccountLanguage(language, database).then(
        () => {
          if (unsavedChoice() === language) forgetUnsavedChoice();
        },
        (error: unknown) => console.error('The language could not be kept for the account', error),
      ),
    );
    return saving;
  };

  const offLocale = onLocaleChange((locale) => {
    const { user } = sessionStore.getState();
    if (!user) return;
    if (user.language === locale) {
      if (unsavedChoice() === locale) forgetUnsavedChoice();
      return;
    }
    setSessionLanguage(locale);
    void save(locale);
  });

  /** `seen`: the app's language when the member arrived; a switch since then is the member's. */
  const follow = async (user: CurrentUser, seen: string) => {
    await saving;
    // Only the session's member as it is now, and only when no choice of this device waits.
    if (sessionStore.getState().user !== user || (await languageQueued(database))) return;
    const current = i18n.locale;
    if (current !== seen) return;
    // A choice made on this device before this binding (or before a reload) is newer than the
    // account's copy: it is saved, not undone.
    const unsaved = unsavedChoice();
    if (unsaved) {
      if (unsaved === user.language) forgetUnsavedChoice();
      else {
        if (unsaved !== current) await changeLocale(unsaved);
        setSessionLanguage(unsaved);
        await save(unsaved);
      }
      return;
    }
    if (isSupportedLocale(user.language)) {
      if (user.language !== current) await changeLocale(user.language, { chosen: false });
    } else if (user.language === null && isSupportedLocale(current)) {
      setSessionLanguage(current);
      await save(current);
    }
  };

  const onSession = () => {
    const { user } = sessionStore.getState();
    if (user === lastUser) return;
    const changed = user && (user.id !== lastUser?.id || user.language !== lastUser?.language);
    lastUser = user;
    if (!changed) return;
    const seen = i18n.locale;
    applying = applying.then(() => follow(user, seen)).catch(() => undefined);
  };
  const offSession = sessionStore.subscribe(onSession);
  onSession();

  unbind = () => {
    offLocale();
    offSession();
    unbind = null;
  };
  return unbind;
}
