import { displayName } from '@/lib/text/display-name';
import { useT } from '@/lib/i18n';
import type { ChatMember } from '../data';

/** "Alex is typing…" under the messages; nothing when nobody types. */
export function TypingIndicator({ ids, people }: { ids: string[]; people: ChatMember[] }) {
  const t = useT();
  const names = ids
    .map((id) => people.find((p) => p.id === id))
    .map((p) => (p ? displayName(p) : t('CHAT.SOMEONE')));
  return (
    <p className="chat-typing" aria-live="polite" data-testid="chat-typing">
      {names.length === 0
        ? null
        : names.length === 1
          ? t('CHAT.TYPING_ONE', { name: names[0] })
          : t('CHAT.TYPING_MANY', { count: names.length })}
    </p>
  );
}
