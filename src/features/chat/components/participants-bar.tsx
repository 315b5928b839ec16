// Who is in a conversation, under its heading. A direct chat: the friend's picture and name, linking
// to their profile, and a message with a subject instead. A group: a few pictures and "You, Anna, Ben and 3 others", a button that lists
// everyone (each linking to their profile). One line: long names end with "…".
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { Avatar } from '@/ui/avatar';
import { DialogPersonRow } from '@/ui/dialog-person-row';
import { displayName } from '@/lib/text/display-name';
import { useT } from '@/lib/i18n';
import { MailIcon, Modal, ModalHeader } from '@/ui';
import type { ChatMember } from '../data';
import { participantsLine } from '../format';

/** Pictures shown side by side before the names of a group. */
const FACES_MAX = 3;

export function ParticipantsBar({
  participants,
  meId,
  group,
}: {
  /** Everyone in the room (me included when known). */
  participants: ChatMember[];
  meId: string | undefined;
  /** A group room: the names open the member list; else the other member links to their profile. */
  group: boolean;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const others = participants.filter((p) => p.id !== meId);
  if (!group) {
    const other = others[0];
    if (!other) return null;
    const name = displayName(other);
    return (
      <div className="chat-participants" data-testid="chat-participants">
        <Avatar person={other} display="small" />
        <Link
          to="/people/$id"
          params={{ id: other.id }}
          className="chat-participants__names"
          aria-label={t('CHAT.PROFILE_OF', { name })}
        >
          {name}
        </Link>
        <Link
          to="/compose-message"
          search={{ to: other.id }}
          className="ui-button ui-button--ghost ui-button--small chat-participants__other"
          aria-label={t('CHAT.MESSAGE_INSTEAD_LABEL', { name })}
          title={t('CHAT.MESSAGE_INSTEAD_LABEL', { name })}
        >
          <MailIcon />
          <span className="chat-actions__label">{t('CHAT.MESSAGE_INSTEAD')}</span>
        </Link>
      </div>
    );
  }
  if (participants.length === 0) return null;
  const line = participantsLine(participants, meId, t);
  return (
    <div className="chat-participants" data-testid="chat-participants">
      <span className="chat-participants__faces" aria-hidden="true">
        {others.slice(0, FACES_MAX).map((person) => (
          <Avatar key={person.id} person={person} display="small" />
        ))}
      </span>
      <button
        type="button"
        className="chat-participants__names"
        aria-haspopup="dialog"
        aria-label={t('CHAT.PARTICIPANTS_LABEL', { names: line })}
        onClick={() => setOpen(true)}
      >
        {line}
      </button>
      {open ? <MembersDialog participants={participants} meId={meId} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

function MembersDialog({
  participants,
  meId,
  onClose,
}: {
  participants: ChatMember[];
  meId: string | undefined;
  onClose: () => void;
}) {
  const t = useT();
  const titleId = useId();
  // Me first, then the others as the room lists them.
  const ordered = [
    ...participants.filter((p) => p.id === meId),
    ...participants.filter((p) => p.id !== meId),
  ];
  return (
    <Modal labelledBy={titleId} onClose={onClose} className="ui-people-dialog">
      <ModalHeader
        titleId={titleId}
        title={t('CHAT.PARTICIPANTS_TITLE', { count: participants.length })}
        closeLabel={t('COMMON.CLOSE')}
        onClose={onClose}
        className="ui-people-dialog__header"
        closeClassName="ui-people-dialog__close"
      />
      <ul className="ui-people-dialog__list">
        {ordered.map((person) => (
          <DialogPersonRow
            key={person.id}
            person={person}
            meId={meId}
            meLabel={(name) => t('CHAT.PARTICIPANT_ME', { name })}
            onClose={onClose}
          />
        ))}
      </ul>
    </Modal>
  );
}
