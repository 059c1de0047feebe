import { useEffect, useRef } from 'react';
import { Link, useLocation } from '@router';
import * as MESSAGES from '@domain/messages';
import { SocialSignInButtons } from './SocialSignInButtons';
import { trackSignInClick } from '@shell/analytics';
import { Modal } from '@ui/Modal';
import './sign-up-prompt.css';

export interface SignUpPromptProps {
  onClose: () => void;
  /** Default (docs/product.md §Shell): "Please sign up or sign in to do that!" */
  message?: string;
  /** Where to come back to after signing in or up; the current page by default. */
  returnTo?: string;
}

function withQuery(path: string, query: Record<string, string>): string {
  return `${path}?${new URLSearchParams(query).toString()}`;
}

/**
 * docs/product.md §Shell: the sign-up prompt — its text, the sign-in options, the line
 * "Don't have an account? Sign Up (Free!)" and a close button. Loaded on first opening
 * (SignUpPromptModal), so the social sign-in code is not in the shell.
 */
export default function SignUpPrompt({ onClose, message = MESSAGES.signUpPrompt, returnTo }: SignUpPromptProps) {
  const location = useLocation();
  const back = returnTo ?? location.pathname + location.search;

  // A social sign-in finishes by navigating to `back`: the prompt has done its job then.
  const openedAt = useRef(location.key);
  useEffect(() => {
    if (location.key !== openedAt.current) onClose();
  }, [location.key, onClose]);

  return (
    <Modal title={message} onClose={onClose} testId="sign-up-prompt">
      <div
        className="modal__options"
        role="group"
        aria-label="Sign-in options"
        onClickCapture={(event) => {
          // The social buttons start their sign-in themselves; count the click here.
          if (event.target instanceof Element && event.target.closest('button')) trackSignInClick();
        }}
      >
        <Link
          className="button button--primary"
          to={withQuery('/signin', { w: 'email', returnTo: back })}
          onClick={() => {
            trackSignInClick();
            onClose();
          }}
        >
          Sign in with Email
        </Link>
        <SocialSignInButtons returnTo={back} />
      </div>
      <p className="modal__footer">
        Don&apos;t have an account?{' '}
        <Link to={withQuery('/signup', { returnTo: back })} onClick={onClose}>
          Sign Up (Free!)
        </Link>
      </p>
    </Modal>
  );
}
