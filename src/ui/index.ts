// Paddock's design system: small, accessible components styled by theme.css + components.css.
import './theme.css';
import './components.css';
import './layout.css';

export { Button } from './button';
export { ButtonLink } from './button-link';
export { BackButton } from './back-button';
export { Spinner } from './spinner';
export { TextField } from './text-field';
export { DateField, DateInput, formatDayInput, parseDayInput } from './date-input';
export { PasswordField } from './password-field';
export { TextArea, TEXT_AREA_MIN_HEIGHT_PX, TEXT_AREA_MAX_HEIGHT_PX, textAreaHeight } from './text-area';
export { Skeleton, SkeletonRows } from './skeleton';
export { EmptyState } from './empty-state';
export { PullToRefresh, PULL_THRESHOLD_PX } from './pull-to-refresh';
export { Toaster } from './toaster';
export { Page, Card, Alert } from './page';
export { Modal, type ModalProps } from './modal';
export { ModalHeader, type ModalHeaderProps } from './modal-header';
export { RefreshHint } from './refresh-hint';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { LanguageSwitch } from './language-switch';
export { Logo } from './logo';
export { CollapsibleSection, type CollapsibleSectionProps } from './collapsible-section';
export { useFocusFirstError } from './use-focus-first-error';
export { ImagePicker, type ImagePickerLabels, type ImagePickerProps } from './image-picker';
export { PhotosPicker, type KeptPhoto } from './photos-picker';
export * from './icons';
export { useBackCloses } from './use-back-closes';
export {
  LinkedRichText,
  linkTagsAndMentions,
  useRichTextLinks,
  tagPath,
  mentionPath,
} from './rich-text-links';
