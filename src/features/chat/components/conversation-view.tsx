// A conversation's body, for a room and for a friend whose direct room does not exist yet: the
// messages (skeletons first, an empty state, the offline hint), "is typing…", the composer.
import { useSession } from '@/lib/auth/session';
import { useLocale, useT } from '@/lib/i18n';
import { ChatIcon, RefreshHint, EmptyState, SkeletonRows } from '@/ui';
import { useTypingMembers, useTypingSignal, type ChatMember, type Conversation } from '../data';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { TypingIndicator } from './typing-indicator';

export function ConversationView({
  roomKey,
  conversation,
  people,
  onSend,
}: {
  /** The room's id (or the friend's placeholder key). */
  roomKey: string;
  conversation: Conversation;
  /** Who may appear (names for "is typing…"). */
  people: ChatMember[];
  onSend: (text: string, images: File[]) => Promise<unknown>;
}) {
  const t = useT();
  useLocale(); // dates follow the locale
  const meId = useSession().user?.id;
  const typing = useTypingMembers(roomKey);
  const signal = useTypingSignal(roomKey);
  const { view, loading, hasOlder, loadingOlder, loadOlder, error } = conversation;
  return (
    <div className="chat-conversation">
      <RefreshHint
        error={error}
        className="chat-hint"
        offline={t('CHAT.OFFLINE_MESSAGES')}
        failed={t('CHAT.REFRESH_FAILED')}
      />
      {loading || !view ? (
        <div className="chat-scroll">
          <SkeletonRows count={5} label={t('CHAT.LOADING_MESSAGES')} />
        </div>
      ) : view.messages.length === 0 ? (
        <div className="chat-scroll">
          <EmptyState
            icon={<ChatIcon />}
            title={t('CHAT.EMPTY_CONVERSATION')}
            text={t('CHAT.EMPTY_CONVERSATION_TEXT')}
          />
        </div>
      ) : (
        <MessageList
          messages={view.messages}
          meId={meId}
          hasOlder={hasOlder}
          loadingOlder={loadingOlder}
          onLoadOlder={() => void loadOlder()}
        />
      )}
      <TypingIndicator ids={typing} people={people} />
      <Composer onSend={onSend} onTyping={signal} />
    </div>
  );
}
