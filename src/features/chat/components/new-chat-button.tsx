import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { RecipientPickerModal } from '@/features/recipient-picker';
import { useT } from '@/lib/i18n';
import { Button, ChatIcon } from '@/ui';

/** "New chat": a friend chosen in the recipient modal opens the direct conversation with them. */
export function NewChatButton({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) {
  const t = useT();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} size="small" icon={<ChatIcon />} onClick={() => setOpen(true)}>
        {t('CHAT.NEW_CHAT')}
      </Button>
      {open ? (
        <RecipientPickerModal
          noFriendsAction={
            <Link to="/friends" className="ui-button ui-button--primary ui-button--small">
              {t('MESSAGES.FIND_FRIENDS')}
            </Link>
          }
          onDismiss={(choice) => {
            setOpen(false);
            if (!choice.cancelled)
              void navigate({ to: '/chat/with/$userId', params: { userId: choice.user.id } });
          }}
        />
      ) : null}
    </>
  );
}
