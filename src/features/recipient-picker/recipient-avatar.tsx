import { Avatar, type AvatarPerson } from '@/ui/avatar';

/**
 * A member's round 50 px picture (spec §9 avatar size), or the upper-cased first letter of the
 * display name when there is no image or it fails to load (spec §2), drawn on the bundled default
 * avatar (.recipient-avatar in recipient-picker.css). Decorative: the name is always written beside it.
 */
export function RecipientAvatar({ person }: { person: AvatarPerson }) {
  return <Avatar person={person} look="recipient-avatar" testId="recipient-avatar" />;
}
