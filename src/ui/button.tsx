import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost';
  size?: 'medium' | 'small';
  block?: boolean;
  /** Shows a spinner, disables the button and marks it aria-busy; `children` should say what is happening. */
  busy?: boolean;
  icon?: ReactNode;
}

export function Button({
  variant = 'primary',
  size = 'medium',
  block,
  busy,
  icon,
  className,
  disabled,
  children,
  type,
  ...rest
}: ButtonProps) {
  const classes = [
    'ui-button',
    `ui-button--${variant}`,
    size === 'small' && 'ui-button--small',
    block && 'ui-button--block',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy ? <Spinner /> : icon}
      {children}
    </button>
  );
}
