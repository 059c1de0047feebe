import { lazy, Suspense } from 'react';
import type { SignUpPromptProps } from './SignUpPrompt';

// The prompt, its sign-in options and the Google pop-up code load when it first opens, not with
// the shell that every page carries (issue 15's first-load budget, ~2 KB gz).
const SignUpPrompt = lazy(() => import('./SignUpPrompt'));

interface SignUpPromptModalProps extends SignUpPromptProps {
  open: boolean;
}

/**
 * Spec 2.6: the sign-up prompt — its text, the sign-in options, the line
 * "Don't have an account? Sign Up (Free!)" and a close button.
 */
export function SignUpPromptModal({ open, ...props }: SignUpPromptModalProps) {
  // Mounted only while open, so focus is taken on opening and given back on closing. Its own
  // Suspense: while the prompt's code arrives the page around it stays as it is.
  return open ? (
    <Suspense fallback={null}>
      <SignUpPrompt {...props} />
    </Suspense>
  ) : null;
}
