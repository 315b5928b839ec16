import { useSession } from '@/lib/auth/session';
import { useT } from '@/lib/i18n';
import { Alert, Page, SkeletonRows } from '@/ui';
import { useMyProfile } from '../api/get-my-profile';
import { EditProfileForm } from './edit-profile-form';
import '../people.css';

/** edit-profile (spec §2): my names, username, city, bio and picture. */
export function EditProfileScreen() {
  const t = useT();
  const { user } = useSession();
  // The session holds me already (signed in); asked only when it does not (no copy on this device).
  const me = useMyProfile(!user);
  const profile = user ?? me.data;
  return (
    <Page title={t('PROFILE.EDIT_TITLE')}>
      {profile ? (
        <EditProfileForm user={profile} />
      ) : me.isError ? (
        <Alert kind="error">{t('PROFILE.LOAD_FAILED')}</Alert>
      ) : (
        <SkeletonRows count={3} label={t('PROFILE.LOADING')} />
      )}
    </Page>
  );
}
