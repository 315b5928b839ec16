// The conversation's scrolling list: messages grouped by day (the date in the locale), newest at the
// bottom. Scrolling near the top loads the previous page and keeps the messages in view where they
// were; a new message scrolls into view when the member is at the bottom (or sent it).
import { useLayoutEffect, useRef } from 'react';
import { useT } from '@/lib/i18n';
import { Button, Spinner } from '@/ui';
import type { LocalChatMessage } from '../data';
import { dayHeading, groupByDay } from '../format';
import { MessageBubble } from './message-bubble';

/** Closer than this to the top, the previous page is asked for; to the bottom, new ones scroll in. */
export const SCROLL_EDGE_PX = 80;

export function MessageList({
  messages,
  meId,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: {
  messages: LocalChatMessage[];
  meId: string | undefined;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}) {
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const firstId = messages[0]?.id;
  const last = messages.at(-1);

  const loadOlder = () => {
    const el = scroller.current;
    if (!el || loadingOlder || !hasOlder) return;
    anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    onLoadOlder();
  };

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < SCROLL_EDGE_PX;
    if (el.scrollTop < SCROLL_EDGE_PX) loadOlder();
  };

  // Older messages came in above: the ones on screen stay where they were.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !anchor.current) return;
    el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
    anchor.current = null;
  }, [firstId]);

  // A new message at the end: into view when the member was at the bottom or wrote it.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !last) return;
    if (atBottom.current || last.sender.id === meId) el.scrollTop = el.scrollHeight;
  }, [last?.id, last, meId]);

  return (
    <div ref={scroller} className="chat-scroll" onScroll={onScroll} data-testid="chat-scroll">
      {hasOlder ? (
        <div className="chat-older">
          {loadingOlder ? (
            <Spinner label={t('CHAT.LOADING_OLDER')} />
          ) : (
            <Button variant="ghost" size="small" onClick={loadOlder}>
              {t('CHAT.LOAD_OLDER')}
            </Button>
          )}
        </div>
      ) : null}
      {groupByDay(messages).map((day) => {
        const heading = dayHeading(day.first);
        return (
          <section
            key={day.day}
            className="chat-day"
            aria-label={'key' in heading ? t(heading.key) : heading.text}
          >
            <h2 className="chat-day__heading">
              <time dateTime={day.first.slice(0, 10)}>
                {'key' in heading ? t(heading.key) : heading.text}
              </time>
            </h2>
            <ol className="chat-day__messages ui-flex ui-column ui-gap-1 ui-bare-list">
              {day.messages.map((message, index) => {
                const previous = day.messages[index - 1];
                return (
                  <MessageBubble
                    key={message.id}
                    message={message}
                    mine={message.sender.id === meId}
                    showSender={previous?.sender.id !== message.sender.id}
                  />
                );
              })}
            </ol>
          </section>
        );
      })}
    </div>
  );
}
