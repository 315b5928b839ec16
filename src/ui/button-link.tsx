// A router link that looks like a Button: the ui-button classes, its icon before its text.
import { forwardRef, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { ButtonProps } from './button';

interface ButtonAnchorProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  icon?: ReactNode;
}

const ButtonAnchor = forwardRef<HTMLAnchorElement, ButtonAnchorProps>(function ButtonAnchor(
  { variant = 'primary', size = 'medium', icon, className, children, ...rest },
  ref,
) {
  const classes = ['ui-button', `ui-button--${variant}`, size === 'small' && 'ui-button--small', className]
    .filter(Boolean)
    .join(' ');
  return (
    <a ref={ref} {...rest} className={classes}>
      {icon}
      {children}
    </a>
  );
});

const RouterButtonLink = createLink(ButtonAnchor);

/** `<ButtonLink to="/chat/$roomId" params={…} variant="secondary" size="small" icon={<ChatIcon />}>`. */
export const ButtonLink: LinkComponent<typeof ButtonAnchor> = (props) => <RouterButtonLink {...props} />;
