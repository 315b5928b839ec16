import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { CurrentUser } from '@/contract/user';
import { ApiError, isNetworkError } from '@/lib/http/api-client';
import { session } from '@/lib/auth/session';
import { useT } from '@/lib/i18n';
import { useGoBack } from '@/lib/navigation/history';
import { discardEntry } from '@/lib/outbox';
import { useOnline } from '@/lib/network/online';
import { toast } from '@/lib/toast';
import { Alert, Button, TextField, useFocusFirstError } from '@/ui';
import { COMPACT_TOOLBAR, RichTextEditor } from '@/ui/rich-text-editor';
import { profileKeys } from '../api/keys';
import { AvatarSaveError, saveProfile } from '../api/update-profile';
import { AvatarPicker } from './avatar-picker';
import {
  PROFILE_LIMITS,
  profileChanges,
  profileValues,
  serverFieldErrors,
  validateProfile,
  type FieldErrors,
  type FieldMessage,
  type ProfileFormValues,
} from './profile-values';

type Message = FieldMessage | { text: string };

/** What the form says above itself for a failed save. */
function saveFailure(error: unknown): Message {
  if (isNetworkError(error)) return { key: 'PROFILE.NEEDS_CONNECTION' };
  if (error instanceof ApiError) {
    if (error.fields?.length) return { key: 'VALIDATION.FIX_FIELDS' };
    // 429: the api client showed its toast; the form repeats the server's words in place.
    if (error.status === 429)
      return error.message ? { text: error.message } : { key: 'ERRORS.TOO_MANY_REQUESTS' };
  }
  return { key: 'PROFILE.SAVE_FAILED' };
}

/** Why the picture was refused, on the picture's field. */
function avatarFailure(error: unknown): FieldMessage {
  if (isNetworkError(error)) return { key: 'PROFILE.NEEDS_CONNECTION' };
  if (error instanceof ApiError) {
    if (error.status === 413) return { key: 'PROFILE.AVATAR_REFUSED_SIZE' };
    if (error.status === 415 || error.status === 400) return { key: 'PROFILE.AVATAR_TYPE' };
  }
  return { key: 'PROFILE.AVATAR_SAVE_FAILED' };
}

/**
 * My profile's fields and picture. Both go through the outbox: offline they are kept on this
 * device and sent once online (the profile and the header show them at once, marked as waiting).
 */
export function EditProfileForm({ user }: { user: CurrentUser }) {
  const t = useT();
  const online = useOnline();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ProfileFormValues>(() => profileValues(user));
  const [avatar, setAvatar] = useState<File | null>(null);
  const [removeAvatar, setRemoveAvatar] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<Message | null>(null);
  const [saving, setSaving] = useState(false);
  const { form, focusFirstError } = useFocusFirstError();

  const say = (m: Message | undefined | null) =>
    m ? ('text' in m ? m.text : t(m.key, m.values)) : undefined;
  const set = (field: keyof ProfileFormValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // An error goes away once the member changes the field; the next submit checks again.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const text = (field: keyof ProfileFormValues) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
    error: say(errors[field]),
  });

  function refuse(found: FieldErrors, message: Message) {
    setErrors(found);
    setFormError(message);
    focusFirstError();
  }

  function saved(next: CurrentUser) {
    // The header's avatar and name, and the copy kept for offline start-ups, follow at once.
    session.setUser(next);
    queryClient.setQueryData(profileKeys.me(), next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const found = validateProfile(values);
    if (errors.avatar) found.avatar = errors.avatar;
    if (Object.values(found).some(Boolean)) return refuse(found, { key: 'VALIDATION.FIX_FIELDS' });
    setErrors({});
    setFormError(null);
    setSaving(true);
    const before = session.getState().user;
    const id = crypto.randomUUID();
    const avatarChange = avatar ?? (removeAvatar ? null : undefined);
    try {
      const outcome = await saveProfile(profileChanges(values), avatarChange, id);
      if (outcome.sent) {
        saved(outcome.data);
        toast.show({ kind: 'success', message: t('PROFILE.SAVED') });
      } else {
        toast.show({ kind: 'info', message: t('PROFILE.QUEUED') });
      }
      await navigate({ to: '/profile' });
    } catch (error) {
      setSaving(false);
      if (error instanceof AvatarSaveError) {
        // The fields are saved; the picture stays picked for another try. The form says why in
        // place, so the refused picture leaves the outbox (not also "needs attention").
        await discardEntry(error.entryId).catch(() => undefined);
        saved(error.user);
        return refuse({ avatar: avatarFailure(error.cause) }, { key: 'PROFILE.SAVED_WITHOUT_AVATAR' });
      }
      if (error instanceof ApiError) {
        // Refused while the member is here: the form says why in place, so the save leaves the
        // outbox (not also "needs attention"), and the profile is what it was.
        await discardEntry(id).catch(() => undefined);
        if (before) session.setUser(before);
        void queryClient.invalidateQueries({ queryKey: profileKeys.me() });
      }
      const fields = error instanceof ApiError ? serverFieldErrors(error) : {};
      if (Object.keys(fields).length) return refuse(fields, saveFailure(error));
      setFormError(saveFailure(error));
    }
  }

  return (
    <form ref={form} className="people-form" noValidate onSubmit={(e) => void submit(e)}>
      {!online ? <Alert kind="info">{t('PROFILE.OFFLINE')}</Alert> : null}
      {formError ? <Alert kind="error">{say(formError)}</Alert> : null}
      <AvatarPicker
        user={user}
        file={avatar}
        onPick={setAvatar}
        removed={removeAvatar}
        onRemove={setRemoveAvatar}
        error={say(errors.avatar)}
        onError={(problem) => setErrors((e) => ({ ...e, avatar: problem }))}
      />
      <div className="people-form__grid">
        <TextField
          label={t('PROFILE.FIRST_NAME')}
          autoComplete="given-name"
          required
          {...text('firstName')}
        />
        <TextField label={t('PROFILE.LAST_NAME')} autoComplete="family-name" required {...text('lastName')} />
        <TextField
          label={t('PROFILE.USERNAME')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          description={t('PROFILE.USERNAME_HINT')}
          {...text('username')}
        />
        <TextField label={t('PROFILE.CITY')} autoComplete="address-level2" optional {...text('city')} />
      </div>
      <RichTextEditor
        label={t('PROFILE.BIO')}
        optional
        value={values.bio}
        onChange={set('bio')}
        toolbar={COMPACT_TOOLBAR}
        maxLength={PROFILE_LIMITS.bioMax}
        error={say(errors.bio)}
        placeholder={t('PROFILE.BIO_PLACEHOLDER')}
      />
      <div className="people-form__actions ui-form-actions ui-flex ui-end ui-gap-3">
        <Button variant="ghost" onClick={() => goBack({ previous: true, fallback: '/profile' })}>
          {t('PROFILE.CANCEL')}
        </Button>
        <Button type="submit" busy={saving}>
          {t(saving ? 'PROFILE.SAVING' : 'PROFILE.SAVE')}
        </Button>
      </div>
    </form>
  );
}
