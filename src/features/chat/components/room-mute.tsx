// "Mute notifications" in a conversation's screen: no push for this room's messages on my devices
// for 8 hours, a week, or until I unmute it. The screen still shows them and counts them unread.
import { useState } from 'react';
import type { ChatRoom } from '@/contract/chat';
import { CHAT_MUTED_FOREVER, CHAT_MUTE_DURATIONS, type ChatMuteDuration } from '@/contract/web-push';
import { formatDate, useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { Button } from '@/ui';
import { setRoomMute } from '../api/mute-room';
import { syncRoom } from '../data';

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

export function RoomMute({ room }: { room: ChatRoom }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const state = muteState(room.mutedUntil);

  const change = async (duration: ChatMuteDuration | null) => {
    setBusy(true);
    try {
      await setRoomMute(room.id, duration);
      await syncRoom(room.id);
    } catch {
      toast.show({ kind: 'error', message: t('CHAT.MUTE_FAILED') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="chat-mute ui-flex ui-center ui-gap-2">
      {state ? (
        <>
          <span className="chat-mute__state">
            {'forever' in state
              ? t('CHAT.MUTED_FOREVER')
              : t('CHAT.MUTED_UNTIL', {
                  date: formatDate(state.until, { dateStyle: 'medium', timeStyle: 'short' }),
                })}
          </span>
          <Button variant="secondary" size="small" disabled={busy} onClick={() => void change(null)}>
            {t('CHAT.UNMUTE')}
          </Button>
        </>
      ) : (
        <label className="chat-mute__label ui-flex ui-center ui-gap-2">
          <span>{t('CHAT.MUTE')}</span>
          <select
            className="chat-mute__select"
            value=""
            disabled={busy}
            onChange={(event) => {
              const duration = event.target.value as ChatMuteDuration;
              if (CHAT_MUTE_DURATIONS.includes(duration)) void change(duration);
            }}
          >
            <option value="" disabled>
              …
            </option>
            {CHAT_MUTE_DURATIONS.map((d) => (
              <option key={d} value={d}>
                {t(LABELS[d])}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
