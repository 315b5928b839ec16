// A chat group's name, description and members (chosen among my friends: the server accepts only
// the owner's friends). Used to create a group and, by its owner, to edit it.
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  CHAT_GROUP_DESCRIPTION_MAX,
  CHAT_GROUP_MEMBERS_MAX,
  CHAT_GROUP_NAME_MAX,
} from '@/contract/constants';
import { Avatar } from '@/ui/avatar';
import { useRecipientFriends } from '@/features/recipient-picker';
import { displayName } from '@/lib/text/display-name';
import { useT } from '@/lib/i18n';
import { Button, EmptyState, SkeletonRows, TextArea, TextField, UsersIcon } from '@/ui';
import type { ChatMember } from '../data';

export interface GroupValues {
  name: string;
  description: string;
  memberIds: string[];
}

export function GroupForm({
  initial,
  currentMembers = [],
  submitLabel,
  busy,
  onSubmit,
  footer,
}: {
  initial: GroupValues;
  /** Members already in the group (shown even when no longer among my first friends). */
  currentMembers?: ChatMember[];
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: GroupValues) => void;
  footer?: ReactNode;
}) {
  const t = useT();
  const { friends, loading } = useRecipientFriends();
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const [memberIds, setMemberIds] = useState<string[]>(initial.memberIds);
  const [errors, setErrors] = useState<{ name?: string; members?: string }>({});

  const people: ChatMember[] = [...friends];
  for (const member of currentMembers) if (!people.some((p) => p.id === member.id)) people.push(member);

  const toggle = (id: string, on: boolean) =>
    setMemberIds((ids) => (on ? [...ids.filter((x) => x !== id), id] : ids.filter((x) => x !== id)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!name.trim()) next.name = t('CHAT.GROUP_NAME_REQUIRED');
    if (memberIds.length > CHAT_GROUP_MEMBERS_MAX)
      next.members = t('CHAT.GROUP_MEMBERS_MAX', { max: CHAT_GROUP_MEMBERS_MAX });
    setErrors(next);
    if (next.name || next.members) return;
    onSubmit({ name: name.trim(), description: description.trim(), memberIds });
  };

  return (
    <form className="chat-group-form ui-flex ui-column ui-gap-4" onSubmit={submit} noValidate>
      <TextField
        label={t('CHAT.GROUP_NAME')}
        value={name}
        maxLength={CHAT_GROUP_NAME_MAX}
        required
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <TextArea
        label={t('CHAT.GROUP_DESCRIPTION')}
        optional
        value={description}
        maxLength={CHAT_GROUP_DESCRIPTION_MAX}
        onChange={(event) => setDescription(event.target.value)}
      />
      <fieldset className="chat-group-form__members">
        <legend>{t('CHAT.GROUP_MEMBERS')}</legend>
        <p className="chat-group-form__hint">{t('CHAT.GROUP_MEMBERS_HINT', { count: memberIds.length })}</p>
        {errors.members ? (
          <p className="ui-field__error" role="alert">
            {errors.members}
          </p>
        ) : null}
        {loading && people.length === 0 ? (
          <SkeletonRows count={5} label={t('CHAT.LOADING_FRIENDS')} />
        ) : people.length === 0 ? (
          <EmptyState
            icon={<UsersIcon />}
            title={t('CHAT.NO_FRIENDS')}
            text={t('CHAT.NO_FRIENDS_TEXT')}
            action={
              <Link to="/friends" className="ui-button ui-button--secondary">
                {t('CHAT.FIND_FRIENDS')}
              </Link>
            }
          />
        ) : (
          <ul className="chat-group-form__list">
            {people.map((person) => (
              <li key={person.id}>
                <label className="chat-group-form__person ui-flex ui-center ui-gap-3">
                  <input
                    type="checkbox"
                    checked={memberIds.includes(person.id)}
                    onChange={(event) => toggle(person.id, event.target.checked)}
                  />
                  <Avatar person={person} display="small" />
                  <span>{displayName(person)}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <div className="chat-group-form__actions ui-flex ui-wrap ui-between ui-gap-3">
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
        {footer}
      </div>
    </form>
  );
}
