import type { ReactNode } from 'react';
import { StrokeIcon } from '@/ui/icons';

// Notification glyphs on the design system's 24×24 stroke grid (src/ui/icons.tsx lacks these).
// Decorative: the text beside them carries the meaning.
const Icon = ({ children, size = 20 }: { children: ReactNode; size?: number }) => (
  <StrokeIcon size={size}>{children}</StrokeIcon>
);

export const WrenchIcon = () => (
  <Icon>
    <path d="M14.7 6.3a4 4 0 0 0 5 5l-8.4 8.4a2.1 2.1 0 0 1-3-3l8.4-8.4a4 4 0 0 0-2-2Z" />
    <path d="M14.7 6.3 17 4a4 4 0 0 1 3 3l-2.3 2.3" />
  </Icon>
);
export const CommentIcon = () => (
  <Icon>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
  </Icon>
);
export const TrashIcon = () => (
  <Icon size={18}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Icon>
);
export const CheckAllIcon = () => (
  <Icon size={18}>
    <path d="M2 12.5 6 16.5 14 8.5M10 16.5l1 0.5L22 6" />
  </Icon>
);
