import type { ReactNode } from 'react';

// Stroke icons drawn for Paddock (24×24 grid). Decorative: the control around them carries the name.
// Features draw their own glyphs in the same frame (`StrokeIcon`).
export function StrokeIcon({ children, size = 22 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
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
