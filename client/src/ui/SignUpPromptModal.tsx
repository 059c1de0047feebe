import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Link, useLocation } from 'react-router';
import { MESSAGES } from '../../../domain/messages.js';

interface SignUpPromptModalProps {
  open: boolean;
  onClose: () => void;
  /** Spec 2.6 default: "Please sign up or sign in to do that!" */
  message?: string;
  /** Where to come back to after signing in or up; the current page by default. */
  returnTo?: string;
}

/** `/signin?w=…&returnTo=…`: `w` picks the sign-in method (spec 2.1). */
function signInWith(method: string | null, returnTo: string): string {
  const query = new URLSearchParams(method ? { w: method, returnTo } : { returnTo });
  return `/signin?${query.toString()}`;
}

function signUpHref(returnTo: string): string {
  return `/signup?${new URLSearchParams({ returnTo }).toString()}`;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Spec 2.6: the sign-up prompt — its text, sign-in options (email, then the social ones),
 * the line "Don't have an account? Sign Up (Free!)" and a close button. A modal dialog:
 * focus moves into it, Tab stays inside, Escape or the backdrop closes it, and focus
 * goes back where it was.
 */
export function SignUpPromptModal({ open, ...props }: SignUpPromptModalProps) {
  // Mounted only while open, so focus is taken on opening and given back on closing.
  return open ? <PromptDialog {...props} /> : null;
}

function PromptDialog({ onClose, message = MESSAGES.signUpPrompt, returnTo }: Omit<SignUpPromptModalProps, 'open'>) {
  const location = useLocation();
  const back = returnTo ?? location.pathname + location.search;
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      const dialog = dialogRef.current;
      if (event.key !== 'Tab' || !dialog) return;
      const focusables = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = focusables[0];
      const last = focusables[focusables.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return createPortal(
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid="sign-up-prompt"
      >
        <button type="button" className="icon-button modal__close" aria-label="Close" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
        <h2 id={titleId} className="modal__title">
          {message}
        </h2>
        <ul className="modal__options" aria-label="Sign-in options">
          <li>
            <Link className="button button--primary" to={signInWith('email', back)} onClick={onClose}>
              Sign in with Email
            </Link>
          </li>
          <li>
            <Link className="button button--outline" to={signInWith('google', back)} onClick={onClose}>
              Continue with Google
            </Link>
          </li>
          <li>
            <Link className="button button--outline" to={signInWith('twitter', back)} onClick={onClose}>
              Continue with Twitter
            </Link>
          </li>
        </ul>
        <p className="modal__footer">
          Don&apos;t have an account?{' '}
          <Link to={signUpHref(back)} onClick={onClose}>
            Sign Up (Free!)
          </Link>
        </p>
      </div>
    </div>,
    document.body,
  );
}
