// "Shared with" on a car's page: the owner invites a friend with a role, sees who is
// invited and who accepted, changes a role and removes a member; a member leaves the car. Online
// calls: offline the list shows what was last seen and the buttons wait for the connection.
import { useState } from 'react';
import { CAR_MEMBER_ROLES, type CarMember, type CarMemberRole } from '@/contract/car-members';
import { friendsOf, useFriends } from '@/features/people';
import { errorKeyFor } from '@/lib/http/api-error-catalogue';
import { ApiError } from '@/lib/http/api-client';
import { useSession } from '@/lib/auth/session';
import { displayName } from '@/lib/text/display-name';
import { useT } from '@/lib/i18n';
import { useOnline } from '@/lib/network/online';
import { toast } from '@/lib/toast';
import { Button, ConfirmDialog, SkeletonRows, TrashIcon } from '@/ui';
import {
  carPermissions,
  carTitle,
  roleKey,
  useCarMembers,
  useChangeCarMember,
  type LocalCar,
} from '@/features/garage';
import './car-members.css';

type Translate = ReturnType<typeof useT>;

const failure = (t: Translate, error: unknown) =>
  t((error instanceof ApiError ? errorKeyFor(error.status, error.code) : undefined) ?? 'CARS.MEMBERS_FAILED');

export function CarMembersSection({ car, onLeft }: { car: LocalCar; onLeft: () => void }) {
  const t = useT();
  const online = useOnline();
  const me = useSession().user?.id;
  const { ownCar } = carPermissions(car);
  // A car made on this device and not sent yet has no members to ask for.
  const known = car.role !== undefined || car.syncState === undefined;
  const members = useCarMembers(car.id, known);
  const change = useChangeCarMember(car.id);
  const [leaving, setLeaving] = useState(false);
  if (!known) return null;

  const others = (members.data ?? []).filter((m) => m.role !== 'owner');
  // A member sees whose car it is too (the owner, first); the owner sees the others.
  const shown = ownCar ? others : (members.data ?? []);
  const run = (action: Parameters<typeof change.mutate>[0], done?: () => void) =>
    change.mutate(action, {
      onSuccess: () => done?.(),
      onError: (error) => toast.show({ kind: 'error', message: failure(t, error) }),
    });

  return (
    <section className="car-members" aria-labelledby={`car-members-${car.id}`} data-testid="car-members">
      <h2 id={`car-members-${car.id}`} className="car-members__title">
        {t('CARS.MEMBERS_TITLE')}
      </h2>
      {!online ? <p className="car-members__hint">{t('CARS.MEMBERS_OFFLINE')}</p> : null}
      {members.data === undefined && members.isPending ? (
        <SkeletonRows count={2} label={t('CARS.MEMBERS_LOADING')} />
      ) : shown.length === 0 || (ownCar && others.length === 0) ? (
        <p className="car-members__hint">{t('CARS.MEMBERS_EMPTY')}</p>
      ) : (
        <ul className="car-members__list">
          {shown.map((member) => (
            <MemberRow
              key={member.userId}
              member={member}
              manage={ownCar}
              disabled={!online || change.isPending}
              onRole={(role) => run({ kind: 'role', userId: member.userId, role })}
              onRemove={() => run({ kind: 'remove', userId: member.userId })}
            />
          ))}
        </ul>
      )}
      {ownCar ? (
        <InviteForm
          exclude={new Set(others.map((m) => m.userId))}
          disabled={!online || change.isPending}
          onInvite={(userId, role, done) => run({ kind: 'invite', userId, role }, done)}
        />
      ) : me ? (
        <div className="car-members__actions">
          <Button variant="ghost" size="small" disabled={!online} onClick={() => setLeaving(true)}>
            {t('CARS.LEAVE')}
          </Button>
        </div>
      ) : null}
      {leaving && me ? (
        <ConfirmDialog
          title={t('CARS.LEAVE_TITLE', { name: carTitle(car) })}
          message={t('CARS.LEAVE_TEXT')}
          cancelLabel={t('CARS.CANCEL')}
          confirmLabel={t('CARS.LEAVE')}
          busy={change.isPending}
          onCancel={() => setLeaving(false)}
          onConfirm={() =>
            run({ kind: 'remove', userId: me }, () => {
              setLeaving(false);
              onLeft();
            })
          }
        />
      ) : null}
    </section>
  );
}

function MemberRow({
  member,
  manage,
  disabled,
  onRole,
  onRemove,
}: {
  member: CarMember;
  manage: boolean;
  disabled: boolean;
  onRole: (role: CarMemberRole) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const name = displayName(member);
  return (
    <li className="car-members__member" data-testid="car-member">
      <span className="car-members__name">
        {name}
        {member.status === 'pending' ? (
          <span className="car-members__pending">{t('CARS.MEMBER_PENDING')}</span>
        ) : null}
      </span>
      {manage ? (
        <span className="car-members__controls">
          <select
            className="ui-input car-members__role"
            aria-label={t('CARS.MEMBER_ROLE_LABEL', { name })}
            value={member.role}
            disabled={disabled}
            onChange={(event) => onRole(event.target.value as CarMemberRole)}
          >
            {CAR_MEMBER_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(roleKey(role))}
              </option>
            ))}
          </select>
          <Button
            variant="ghost"
            size="small"
            aria-label={t('CARS.MEMBER_REMOVE', { name })}
            disabled={disabled}
            onClick={onRemove}
          >
            <TrashIcon />
          </Button>
        </span>
      ) : (
        <span className="car-members__role-name">{t(roleKey(member.role))}</span>
      )}
    </li>
  );
}

function InviteForm({
  exclude,
  disabled,
  onInvite,
}: {
  exclude: Set<string>;
  disabled: boolean;
  onInvite: (userId: string, role: CarMemberRole, done: () => void) => void;
}) {
  const t = useT();
  const friends = useFriends();
  const choices = friendsOf(friends.data).filter((f) => !exclude.has(f.id));
  const [userId, setUserId] = useState('');
  const [role, setRole] = useState<CarMemberRole>('driver');
  const chosen = choices.some((f) => f.id === userId) ? userId : '';
  return (
    <form
      className="car-members__invite"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) onInvite(chosen, role, () => setUserId(''));
      }}
    >
      <label className="car-members__field">
        <span>{t('CARS.INVITE_FRIEND')}</span>
        <select
          className="ui-input"
          value={chosen}
          disabled={disabled}
          onChange={(event) => setUserId(event.target.value)}
        >
          <option value="">{choices.length ? t('CARS.INVITE_PICK') : t('CARS.INVITE_NO_FRIENDS')}</option>
          {choices.map((friend) => (
            <option key={friend.id} value={friend.id}>
              {displayName(friend)}
            </option>
          ))}
        </select>
      </label>
      <label className="car-members__field">
        <span>{t('CARS.INVITE_ROLE')}</span>
        <select
          className="ui-input"
          value={role}
          disabled={disabled}
          onChange={(event) => setRole(event.target.value as CarMemberRole)}
        >
          {CAR_MEMBER_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(roleKey(r))}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" size="small" disabled={disabled || !chosen}>
        {t('CARS.INVITE')}
      </Button>
    </form>
  );
}
