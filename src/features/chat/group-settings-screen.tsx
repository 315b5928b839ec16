// A chat group's settings (route /chat-group/{id}). The owner renames, describes, adds and removes
// members (memberIds replaces the set) and may delete the group; a member sees who is in it and may
// leave. Both ask first (ConfirmDialog). Group changes need the server; the room list follows.
// Everyone may mute the group's pushes for themselves here too (offline, like on the conversation).
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ChatGroup } from '@/contract/chat';
import { Avatar } from '@/ui/avatar';
import { useSession } from '@/lib/auth/session';
import { displayName } from '@/lib/text/display-name';
import { useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { BackButton, ChatIcon, EmptyState, Page, SkeletonRows, ButtonLink } from '@/ui';
import { ConfirmedButton } from '@/ui/confirmed-button';
import { useChatGroup } from './api/get-chat-group';
import { chatGroupKeys } from './api/keys';
import { deleteChatGroup, leaveChatGroup, updateChatGroup } from './api/write-chat-group';
import { GroupForm } from './components/group-form';
import { RoomMute } from './components/room-mute';
import { dropRoom, onChatGroupEvent, startChatRealtime, syncRoom, useRoom } from './data';
import { groupErrorKey } from './group-errors';
import './chat.css';

export function GroupSettingsScreen({ id }: { id: string }) {
  const t = useT();
  const meId = useSession().user?.id;
  const query = useChatGroup(id);
  const queryClient = useQueryClient();
  const { refetch } = query;

  // Another device or member changed the group: show the server's version.
  useEffect(() => startChatRealtime(), []);
  const navigate = useNavigate();
  useEffect(
    () =>
      onChatGroupEvent((event) => {
        if (event.jsonPayload.relatedChatGroupId !== id) return;
        // No longer mine (removed, or the group is gone): back to the list.
        const { action } = event.jsonPayload;
        if (action === 'removed' || action === 'deleted') void navigate({ to: '/my-chat-groups' });
        else void refetch();
      }),
    [id, refetch, navigate],
  );

  if (query.isPending) {
    return (
      <Page back={<BackButton />} title={t('CHAT.GROUP_SETTINGS')}>
        <SkeletonRows count={5} label={t('CHAT.LOADING_GROUP')} />
      </Page>
    );
  }
  if (!query.data) {
    return (
      <Page back={<BackButton />} title={t('CHAT.GROUP_SETTINGS')}>
        <EmptyState
          icon={<ChatIcon />}
          title={t(
            groupErrorKey(query.error) === 'CHAT.GROUP_NEEDS_CONNECTION'
              ? 'CHAT.GROUP_OFFLINE'
              : 'CHAT.GROUP_NOT_AVAILABLE',
          )}
          action={
            <Link to="/my-chat-groups" className="ui-button ui-button--primary">
              {t('CHAT.BACK_TO_ROOMS')}
            </Link>
          }
        />
      </Page>
    );
  }
  const group = query.data;
  const saved = (next: ChatGroup) => {
    queryClient.setQueryData(chatGroupKeys.one(id), next);
    void syncRoom(next.chatRoomId).catch(() => undefined);
  };
  return (
    <Page
      back={<BackButton />}
      title={group.name}
      actions={
        <ButtonLink
          to="/chat/$roomId"
          params={{ roomId: group.chatRoomId }}
          variant="secondary"
          size="small"
          icon={<ChatIcon />}
        >
          {t('CHAT.OPEN_CONVERSATION')}
        </ButtonLink>
      }
    >
      <GroupMute roomId={group.chatRoomId} />
      {group.owner.id === meId ? (
        <OwnerSettings group={group} onSaved={saved} />
      ) : (
        <MemberView group={group} />
      )}
    </Page>
  );
}

/** The group room's pushes muted for me, as on the conversation's screen (this device's room row). */
function GroupMute({ roomId }: { roomId: string }) {
  const t = useT();
  const room = useRoom(roomId);
  // A group this device has not opened yet: its room is fetched once for its mute.
  useEffect(() => {
    if (room === null) void syncRoom(roomId).catch(() => undefined);
  }, [room, roomId]);
  if (!room) return null;
  return (
    <section className="chat-group-mute ui-flex ui-column ui-gap-1" aria-labelledby={`mute-${roomId}`}>
      <h2 id={`mute-${roomId}`} className="chat-group-view__heading">
        {t('CHAT.NOTIFICATIONS')}
      </h2>
      <RoomMute room={room} />
    </section>
  );
}

function OwnerSettings({ group, onSaved }: { group: ChatGroup; onSaved: (group: ChatGroup) => void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const members = group.members ?? [];
  return (
    <GroupForm
      key={group.updatedAt}
      initial={{ name: group.name, description: group.description, memberIds: members.map((m) => m.id) }}
      currentMembers={members}
      submitLabel={t('CHAT.GROUP_SAVE')}
      busy={busy}
      onSubmit={(values) => {
        setBusy(true);
        updateChatGroup(group.id, values)
          .then((next) => {
            onSaved(next);
            toast.show({ kind: 'success', message: t('CHAT.GROUP_SAVED') });
          })
          .catch((error: unknown) => toast.show({ kind: 'error', message: t(groupErrorKey(error)) }))
          .finally(() => setBusy(false));
      }}
      footer={
        <GoneButton
          group={group}
          labelKey="CHAT.GROUP_DELETE"
          titleKey="CHAT.GROUP_DELETE_TITLE"
          textKey="CHAT.GROUP_DELETE_TEXT"
          doneKey="CHAT.GROUP_DELETED"
          run={() => deleteChatGroup(group.id)}
        />
      }
    />
  );
}

function MemberView({ group }: { group: ChatGroup }) {
  const t = useT();
  const everyone = [group.owner, ...(group.members ?? [])];
  return (
    <div className="chat-group-view ui-flex ui-column ui-gap-3 ui-start">
      {group.description ? <p className="chat-group-view__description">{group.description}</p> : null}
      <h2 className="chat-group-view__heading">{t('CHAT.GROUP_MEMBERS')}</h2>
      <ul className="chat-group-view__members" aria-label={t('CHAT.GROUP_MEMBERS')}>
        {everyone.map((person) => (
          <li key={person.id} className="chat-group-form__person ui-flex ui-center ui-gap-3">
            <Avatar person={person} display="small" />
            <span>{displayName(person)}</span>
            {person.id === group.owner.id ? (
              <span className="chat-group-view__owner">{t('CHAT.GROUP_OWNER')}</span>
            ) : null}
          </li>
        ))}
      </ul>
      <GoneButton
        group={group}
        labelKey="CHAT.GROUP_LEAVE"
        titleKey="CHAT.GROUP_LEAVE_TITLE"
        textKey="CHAT.GROUP_LEAVE_TEXT"
        doneKey="CHAT.GROUP_LEFT"
        run={() => leaveChatGroup(group.id)}
      />
    </div>
  );
}

/** Delete (owner) or leave (member): asks first; done, the room goes from this device. */
function GoneButton({
  group,
  labelKey,
  titleKey,
  textKey,
  doneKey,
  run,
}: {
  group: ChatGroup;
  labelKey: string;
  titleKey: string;
  textKey: string;
  doneKey: string;
  run: () => Promise<unknown>;
}) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await run();
      await dropRoom(group.chatRoomId);
      queryClient.removeQueries({ queryKey: chatGroupKeys.one(group.id) });
      toast.show({ kind: 'success', message: t(doneKey) });
      await navigate({ to: '/my-chat-groups' });
      return true;
    } catch (error) {
      setBusy(false);
      toast.show({ kind: 'error', message: t(groupErrorKey(error)) });
      return false;
    }
  };
  return (
    <ConfirmedButton
      variant="secondary"
      className="ui-button--danger"
      dialog={{
        title: t(titleKey),
        message: t(textKey, { name: group.name }),
        cancelLabel: t('CHAT.GROUP_KEEP'),
        confirmLabel: t(labelKey),
      }}
      busy={busy}
      onConfirm={confirm}
    >
      {t(labelKey)}
    </ConfirmedButton>
  );
}
