import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from '@router';
import { AuthPageFrame } from './AuthPageFrame';
import { EmailAuthForm } from './EmailAuthForm';
import { MagicLinkSignIn } from './MagicLinkSignIn';
import { withReturnTo } from './returnTo';
import { SocialSignInButtons } from './SocialSignInButtons';
import { useAuthProviders } from './useAuthProviders';
import { useCompleteSignIn } from './useCompleteSignIn';
import { useGoBack } from './useGoBack';
import { useSocialSignIn } from './useSocialSignIn';

/**
 * `/signin`: the email form in sign-in mode, Google and Twitter, and the way to
 * sign up. `magic` signs in with an emailed link; `error` is a message sent back by a failed
 * Twitter or Google redirect; `w=google|twitter` starts that provider at once (the visitor
 * chose it in the sign-up prompt); `w=email` puts the cursor in the email field.
 */
export default function SignInPage() {
  const [params] = useSearchParams();
  const returnTo = params.get('returnTo');
  const magicToken = params.get('magic');
  if (magicToken) return <MagicLinkSignIn token={magicToken} returnTo={returnTo} />;
  return <SignInOptions returnTo={returnTo} method={params.get('w')} error={params.get('error')} />;
}

function SignInOptions({ returnTo, method, error }: { returnTo: string | null; method: string | null; error: string | null }) {
  const providers = useAuthProviders();
  const completeSignIn = useCompleteSignIn(returnTo);
  const goBack = useGoBack();
  useStartChosenProvider(method, returnTo);

  return (
    <AuthPageFrame heading="Sign in">
      {error && (
        <p className="auth-form__problem" role="alert">
          {error}
        </p>
      )}
      <EmailAuthForm mode="signIn" returnTo={returnTo} providers={providers} autoFocusEmail={method === 'email'} onBack={goBack} onSuccess={completeSignIn} />
      {(providers?.google || providers?.twitter) && <p className="auth-page__divider">or</p>}
      <SocialSignInButtons returnTo={returnTo} providers={providers} />
      <p className="auth-page__footer">
        Don&apos;t have an account? <Link to={withReturnTo('/signup', returnTo)}>Sign Up (Free!)</Link>
      </p>
    </AuthPageFrame>
  );
}

/** `w=google` or `w=twitter`: the visitor already picked the provider, so go there (full page: a popup needs a click). */
function useStartChosenProvider(method: string | null, returnTo: string | null) {
  const { start } = useSocialSignIn({ returnTo, onSignedIn: () => undefined });
  const started = useRef(false);
  useEffect(() => {
    if (started.current || (method !== 'google' && method !== 'twitter')) return;
    started.current = true;
    void start(method, { allowPopup: false });
  }, [method, start]);
}
