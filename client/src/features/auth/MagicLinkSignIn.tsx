import { useEffect, useRef, useState } from 'react';
import { Link } from '@router';
import { signInWithMagicLink, type SignInResult } from './authApi';
import { AuthPageFrame } from './AuthPageFrame';
import { toAuthProblem, type AuthProblem } from './authProblem';
import { withReturnTo } from './returnTo';
import { useCompleteSignIn } from './useCompleteSignIn';

/**
 * `/signin?magic=<token>`: signs in with the emailed link, then goes where the link says.
 * The token works once, so it is sent once even when effects run twice (StrictMode).
 */
export function MagicLinkSignIn({ token, returnTo }: { token: string; returnTo: string | null }) {
  const completeSignIn = useCompleteSignIn(returnTo);
  const [problem, setProblem] = useState<AuthProblem | null>(null);
  const call = useRef<{ token: string; result: Promise<SignInResult> } | null>(null);

  useEffect(() => {
    if (call.current?.token !== token) call.current = { token, result: signInWithMagicLink(token) };
    let current = true;
    call.current.result.then(
      (result) => {
        if (current) void completeSignIn(result);
      },
      (error: unknown) => {
        if (current) setProblem(toAuthProblem(error));
      },
    );
    return () => {
      current = false;
    };
  }, [token, completeSignIn]);

  return (
    <AuthPageFrame heading="Sign in">
      {problem ? (
        <>
          <p className="auth-form__problem" role="alert">
            {problem.message}
          </p>
          <Link className="button button--primary" to={withReturnTo('/signin', returnTo)}>
            Back to sign in
          </Link>
        </>
      ) : (
        <p role="status" aria-busy="true">
          Signing you in…
        </p>
      )}
    </AuthPageFrame>
  );
}
