import type { ReactNode } from 'react';

// Every icon of Paddock, drawn on one 24×24 stroke grid. Decorative: the control or the text beside
// them carries the name. A glyph used by several screens exists once here.
export function StrokeIcon({
  children,
  size = 22,
  filled = false,
  testId,
}: {
  children: ReactNode;
  size?: number;
  /** Filled with the text colour (a liked heart) rather than only stroked. */
  filled?: boolean;
  testId?: string;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-testid={testId}
    >
      {children}
    </svg>
  );
}

export const EyeIcon = () => (
  <StrokeIcon>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </StrokeIcon>
);
export const EyeOffIcon = () => (
  <StrokeIcon>
    <path d="M10.6 5.1A10.6 10.6 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-2.6 3.5M6.6 6.6C3.6 8.5 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" />
  </StrokeIcon>
);
export const BellIcon = () => (
  <StrokeIcon>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.9 1.9 0 0 0 3.4 0" />
  </StrokeIcon>
);
export const FeedIcon = () => (
  <StrokeIcon>
    <rect x="3" y="3" width="18" height="18" rx="3" />
    <path d="M7 8h10M7 12h10M7 16h6" />
  </StrokeIcon>
);
export const CarIcon = () => (
  <StrokeIcon>
    <path d="M5 17H3v-5l2-5h14l2 5v5h-2" />
    <path d="M3 12h18" />
    <circle cx="7.5" cy="17" r="2" />
    <circle cx="16.5" cy="17" r="2" />
    <path d="M9.5 17h5" />
  </StrokeIcon>
);
export const ChatIcon = () => (
  <StrokeIcon>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 21l1.9-5.4A8 8 0 1 1 21 12Z" />
    <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" />
  </StrokeIcon>
);
export const MailIcon = () => (
  <StrokeIcon>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </StrokeIcon>
);
export const UsersIcon = () => (
  <StrokeIcon>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
    <path d="M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14.2a6.5 6.5 0 0 1 3.5 5.8" />
  </StrokeIcon>
);
export const UserIcon = () => (
  <StrokeIcon>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </StrokeIcon>
);
export const RefreshIcon = () => (
  <StrokeIcon>
    <path d="M20 11a8 8 0 0 0-14.8-4M4 4v4h4" />
    <path d="M4 13a8 8 0 0 0 14.8 4M20 20v-4h-4" />
  </StrokeIcon>
);
export const CloudOffIcon = () => (
  <StrokeIcon>
    <path d="M7 18a5 5 0 0 1-.9-9.9M10 6.3A6 6 0 0 1 17.7 10H18a4 4 0 0 1 2.6 7" />
    <path d="m3 3 18 18" />
  </StrokeIcon>
);
export const SyncIcon = () => (
  <StrokeIcon>
    <path d="M21 12a9 9 0 0 1-15.5 6.2L3 16M3 12a9 9 0 0 1 15.5-6.2L21 8" />
    <path d="M3 21v-5h5M21 3v5h-5" />
  </StrokeIcon>
);
export const CloseIcon = () => (
  <StrokeIcon size={18}>
    <path d="M6 6l12 12M18 6 6 18" />
  </StrokeIcon>
);
export const LogoutIcon = () => (
  <StrokeIcon size={20}>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
  </StrokeIcon>
);
export const ConeIcon = () => (
  <StrokeIcon size={30}>
    <path d="M10 3h4l5 16H5l5-16Z" />
    <path d="M8.1 9.5h7.8M6.6 14.5h10.8M3 21h18" />
  </StrokeIcon>
);
export const AlertIcon = () => (
  <StrokeIcon size={20}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v4M12 16h.01" />
  </StrokeIcon>
);

// Actions.
export const PlusIcon = () => (
  <StrokeIcon size={18}>
    <path d="M12 5v14M5 12h14" />
  </StrokeIcon>
);
export const EditIcon = () => (
  <StrokeIcon size={18}>
    <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4Z" />
    <path d="M13.5 6.5l4 4" />
  </StrokeIcon>
);
export const TrashIcon = () => (
  <StrokeIcon size={18}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </StrokeIcon>
);
export const SearchIcon = () => (
  <StrokeIcon size={18}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </StrokeIcon>
);
export const ReplyIcon = () => (
  <StrokeIcon size={18}>
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10a6 6 0 0 1 6 6v5" />
  </StrokeIcon>
);
export const BackIcon = () => (
  <StrokeIcon size={18}>
    <path d="M15 18 9 12l6-6" />
  </StrokeIcon>
);
export const ChevronIcon = () => (
  <StrokeIcon size={18}>
    <path d="m6 9 6 6 6-6" />
  </StrokeIcon>
);
export const CheckIcon = () => (
  <StrokeIcon size={16}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </StrokeIcon>
);
export const CheckAllIcon = () => (
  <StrokeIcon size={18}>
    <path d="M2 12.5 6 16.5 14 8.5M10 16.5l1 0.5L22 6" />
  </StrokeIcon>
);
export const UserPlusIcon = () => (
  <StrokeIcon size={16}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M19 8v6M16 11h6" />
  </StrokeIcon>
);

// Things.
export const PaperclipIcon = () => (
  <StrokeIcon size={16}>
    <path d="m21 11-8.5 8.5a5 5 0 0 1-7-7L14 4a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L15 7" />
  </StrokeIcon>
);
export const ChartIcon = () => (
  <StrokeIcon size={18}>
    <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
  </StrokeIcon>
);
export const LocationIcon = () => (
  <StrokeIcon size={16} testId="location-icon">
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </StrokeIcon>
);
export const WrenchIcon = () => (
  <StrokeIcon size={20}>
    <path d="M14.7 6.3a4 4 0 0 0 5 5l-8.4 8.4a2.1 2.1 0 0 1-3-3l8.4-8.4a4 4 0 0 0-2-2Z" />
    <path d="M14.7 6.3 17 4a4 4 0 0 1 3 3l-2.3 2.3" />
  </StrokeIcon>
);
export const CommentIcon = () => (
  <StrokeIcon size={20}>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
  </StrokeIcon>
);
export const ChatBubbleIcon = () => (
  <StrokeIcon size={20}>
    <path d="M21 11.5a8.4 8.4 0 0 1-9 8.4 9 9 0 0 1-3.8-.8L3 21l1.9-5.2A8.4 8.4 0 0 1 3 11.5 8.5 8.5 0 0 1 12 3a8.4 8.4 0 0 1 9 8.5z" />
  </StrokeIcon>
);
export const HeartIcon = ({ filled = false }: { filled?: boolean }) => (
  <StrokeIcon size={20} filled={filled}>
    <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
  </StrokeIcon>
);
export const ImageIcon = () => (
  <StrokeIcon size={20}>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <circle cx="8.5" cy="8.5" r="1.5" />
    <path d="M21 15l-5-5L5 21" />
  </StrokeIcon>
);
/** A fuel pump: the fill-up at the pump. */
export const FuelIcon = () => (
  <StrokeIcon size={20}>
    <path d="M4 21V5a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v16" />
    <path d="M3 21h12" />
    <path d="M4 10h10" />
    <path d="M14 8h2a2 2 0 0 1 2 2v6a1.5 1.5 0 0 0 3 0V8.5L18 5.5" />
  </StrokeIcon>
);
