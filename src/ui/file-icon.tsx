import { StrokeIcon } from './icons';

/** A document with a folded corner and "PDF": the mark of a receipt or any non-image file. */
export const FileIcon = () => (
  <StrokeIcon>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5" />
    <path d="M9 13h6M9 17h4" />
  </StrokeIcon>
);
