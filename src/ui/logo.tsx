/** The Paddock mark: a chequered flag in a rounded red tile (same drawing as public/logo.svg). */
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="#c8102e" />
      <path d="M18 50V14" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
      <path d="M20 15h28v20H20z" fill="#fff" />
      <path
        d="M20 15h7v5h-7zm14 0h7v5h-7zm-7 5h7v5h-7zm14 0h7v5h-7zm-21 5h7v5h-7zm14 0h7v5h-7zm-7 5h7v5h-7zm14 0h7v5h-7z"
        fill="#17171a"
      />
    </svg>
  );
}
