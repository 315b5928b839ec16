// The message box: with a keyboard, Enter sends and Shift+Enter starts a new line; on a touch-only
// device Enter makes a new line and the Send button sends (src/lib/keyboard.ts). Typing tells the
// room (at most every few seconds). The text is kept on this device by the send (the outbox), never lost offline.
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CHAT_MESSAGE_CONTENT_MAX, MESSAGE_IMAGES_MAX } from '@/contract/constants';
import { useT } from '@/lib/i18n';
import { useHasKeyboard } from '@/lib/device/keyboard';
import { toast } from '@/lib/toast';
import { Button, PhotosPicker, TEXT_AREA_MIN_HEIGHT_PX, textAreaHeight } from '@/ui';
import { StorageFullError } from '@/lib/offline/storage-full';

export function Composer({
  onSend,
  onTyping,
}: {
  /** The trimmed text ('' for photos only) and the photos picked (up to MESSAGE_IMAGES_MAX). */
  onSend: (text: string, images: File[]) => Promise<unknown>;
  onTyping: () => void;
}) {
  const t = useT();
  const [text, setText] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const keyboard = useHasKeyboard();

  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = `${TEXT_AREA_MIN_HEIGHT_PX}px`;
    el.style.height = `${textAreaHeight(el.scrollHeight)}px`;
  }, [text]);

  const send = async () => {
    const content = text.trim();
    if ((!content && images.length === 0) || busy) return;
    setBusy(true);
    try {
      await onSend(content, images);
      setText('');
      setImages([]);
    } catch (error) {
      toast.show({
        kind: 'error',
        message: t(error instanceof StorageFullError ? 'CHAT.STORAGE_FULL' : 'CHAT.SEND_FAILED'),
      });
    } finally {
      setBusy(false);
      area.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!keyboard || event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <textarea
        ref={area}
        className="ui-input ui-textarea chat-composer__input"
        aria-label={t('CHAT.MESSAGE_LABEL')}
        aria-describedby={keyboard ? hintId : undefined}
        placeholder={t('CHAT.MESSAGE_PLACEHOLDER')}
        rows={1}
        maxLength={CHAT_MESSAGE_CONTENT_MAX}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value.trim()) onTyping();
        }}
        onKeyDown={onKeyDown}
      />
      {keyboard ? (
        <span id={hintId} className="visually-hidden">
          {t('CHAT.COMPOSER_HINT')}
        </span>
      ) : null}
      <Button type="submit" disabled={!text.trim() && images.length === 0} busy={busy}>
        {t('CHAT.SEND')}
      </Button>
      <div className="chat-composer__photos">
        <PhotosPicker files={images} onFilesChange={setImages} max={MESSAGE_IMAGES_MAX} disabled={busy} />
      </div>
    </form>
  );
}
