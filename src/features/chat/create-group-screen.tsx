// Spec §2 create-chat-group: name, description and members among my friends. Creating needs the
// server (it checks that every member is my friend); the client id makes a repeat harmless.
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { Page } from '@/ui';
import { chatGroupKeys } from './api/keys';
import { createChatGroup } from './api/write-chat-group';
import { GroupForm } from './components/group-form';
import { syncRoom } from './data';
import { groupErrorKey } from './group-errors';
import './chat.css';

export function CreateGroupScreen() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [clientId] = useState(() => crypto.randomUUID());
  const [busy, setBusy] = useState(false);
  return (
    <Page title={t('CHAT.CREATE_GROUP_TITLE')}>
      <GroupForm
        initial={{ name: '', description: '', memberIds: [] }}
        submitLabel={t('CHAT.CREATE_GROUP_SUBMIT')}
        busy={busy}
        onSubmit={(values) => {
          setBusy(true);
          void (async () => {
            try {
              const group = await createChatGroup({ id: clientId, ...values });
              queryClient.setQueryData(chatGroupKeys.one(group.id), group);
              await syncRoom(group.chatRoomId).catch(() => undefined);
              toast.show({ kind: 'success', message: t('CHAT.GROUP_CREATED') });
              await navigate({ to: '/chat/$roomId', params: { roomId: group.chatRoomId } });
            } catch (error) {
              toast.show({ kind: 'error', message: t(groupErrorKey(error)) });
            } finally {
              setBusy(false);
            }
          })();
        }}
      />
    </Page>
  );
}
