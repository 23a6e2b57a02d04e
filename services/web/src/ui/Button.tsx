import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link } from 'wouter';
import './Button.css';
import { Spinner } from './layout.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

function classes(variant: ButtonVariant, block?: boolean, small?: boolean) {
  return ['button', `button--${variant}`, block ? 'button--block' : '', small ? 'button--small' : ''].filter(Boolean).join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  ref?: Ref<HTMLButtonElement>;
  variant?: ButtonVariant;
  block?: boolean;
  small?: boolean;
  busy?: boolean;
}

/** A button in the theme's colours; `busy` keeps it focusable but blocks a second submit. */
export function Button({ variant = 'primary', block, small, busy, className, children, disabled, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={`${classes(variant, block, small)} ${className ?? ''}`}
      disabled={disabled}
      aria-busy={busy || undefined}
      {...rest}
      onClick={busy ? (e) => e.preventDefault() : rest.onClick}
    >
      {busy ? <Spinner small /> : null}
      {children}
    </button>
  );
}

/** A link that looks like a button (navigation, not an action). */
export function LinkButton({
  href,
  variant = 'primary',
  block,
  small,
  children,
  ...rest
}: {
  href: string;
  variant?: ButtonVariant;
  block?: boolean;
  small?: boolean;
  children: ReactNode;
  'aria-label'?: string;
}) {
  return (
    <Link href={href} className={classes(variant, block, small)} {...rest}>
      {children}
    </Link>
  );
}

/** An action that reads as a link inside a sentence ("Send it again"). */
export function TextButton({ children, ...rest }: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'type'>) {
  return (
    <button type="button" className="link-button" {...rest}>
      {children}
    </button>
  );
}
