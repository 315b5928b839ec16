// "Mute notifications" on a conversation's screen and on its group's settings: no push for this
// room's messages on my devices for 8 hours, a week, or until I unmute it (the screens still show
// them and count them unread). Offline like every write (data/writes.ts muteRoom): the room shows
// "Muted until …" at once, in the member's language and clock, and the server follows.
import { useId, useState } from 'react';
import type { ChatRoom } from '@/contract/chat';
import { CHAT_MUTED_FOREVER, CHAT_MUTE_DURATIONS, type ChatMuteDuration } from '@/contract/web-push';
import { formatDate, useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { Button } from '@/ui';
import { muteRoom } from '../data';

const LABELS: Record<ChatMuteDuration, string> = {
  '8h': 'CHAT.MUTE_8H',
  week: 'CHAT.MUTE_WEEK',
  forever: 'CHAT.MUTE_FOREVER',
};

/** Whether the room is muted now, and the text that says so. */
export function muteState(mutedUntil: string | null | undefined, now = Date.now()) {
  if (!mutedUntil || Date.parse(mutedUntil) <= now) return null;
  return mutedUntil === CHAT_MUTED_FOREVER ? { forever: true as const } : { until: mutedUntil };
}

export function RoomMute({ room }: { room: Pick<ChatRoom, 'id' | 'mutedUntil'> }) {
  const t = useT();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const state = muteState(room.mutedUntil);

  const change = async (duration: ChatMuteDuration | null) => {
    setOpen(false);
    try {
      await muteRoom(room.id, duration);
    } catch {
      // Only this device can refuse it (a full disk): the server is asked later, offline or not.
      toast.show({ kind: 'error', message: t('CHAT.MUTE_FAILED') });
    }
  };

  if (state)
    return (
      <div className="chat-mute ui-flex ui-center ui-gap-2" data-testid="room-mute">
        <span className="chat-mute__state" role="status">
          {'forever' in state
            ? t('CHAT.MUTED_FOREVER')
            : t('CHAT.MUTED_UNTIL', {
                date: formatDate(state.until, { dateStyle: 'medium', timeStyle: 'short' }),
              })}
        </span>
        <Button variant="secondary" size="small" onClick={() => void change(null)}>
          {t('CHAT.UNMUTE')}
        </Button>
      </div>
    );

  return (
    <div className="chat-mute ui-flex ui-center ui-gap-2" data-testid="room-mute">
      <Button
        variant="secondary"
        size="small"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        {t('CHAT.MUTE')}
      </Button>
      {open ? (
        <div
          id={menuId}
          role="group"
          aria-label={t('CHAT.MUTE_FOR')}
          className="chat-mute__menu ui-flex ui-gap-2"
        >
          {CHAT_MUTE_DURATIONS.map((d) => (
            <Button key={d} variant="ghost" size="small" onClick={() => void change(d)}>
              {t(LABELS[d])}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
