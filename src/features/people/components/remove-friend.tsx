import { useState, type ReactNode } from 'react';
import { displayName } from '@/lib/text/display-name';
import { useT } from '@/lib/i18n';
import { ConfirmDialog } from '@/ui';
import type { PersonRef } from '../api/friend-writes';
import { useRemoveFriend } from '../api/remove-friend';

/**
 * Removing a friend asks first (it ends the friendship for both of us). `ask(person)` opens the
 * question; `dialog` is rendered by the screen.
 */
export function useRemoveFriendConfirm(): { ask: (person: PersonRef) => void; dialog: ReactNode } {
  const t = useT();
  const remove = useRemoveFriend();
  const [asking, setAsking] = useState<PersonRef | null>(null);
  const dialog = asking ? (
    <ConfirmDialog
      title={t('FRIENDS.REMOVE_TITLE', { name: displayName(asking) })}
      message={t('FRIENDS.REMOVE_TEXT', { name: displayName(asking) })}
      confirmLabel={t('FRIENDS.REMOVE_CONFIRM')}
      cancelLabel={t('FRIENDS.REMOVE_CANCEL')}
      onCancel={() => setAsking(null)}
      onConfirm={() => {
        // Optimistic: the row goes at once; a failure puts it back and says why.
        remove.mutate(asking);
        setAsking(null);
      }}
    />
  ) : null;
  return { ask: setAsking, dialog };
}
