import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from '@router';
import { ViewerDocument } from '@gql/graphql';
import { AuthPageFrame, AuthPageLoading } from './AuthPageFrame';
import { EmailAuthForm } from './EmailAuthForm';
import { chooseUsernameHref, safeReturnTo, withReturnTo } from './returnTo';
import { SocialSignInButtons } from './SocialSignInButtons';
import { useAuthProviders } from './useAuthProviders';
import { useCompleteSignIn, type SignInOutcome } from './useCompleteSignIn';
import { useGoBack } from './useGoBack';

const HEADING = 'Sign up';

/**
 * `/signup`: the email form in sign-up mode, Google and Twitter, and the way to
 * sign in. Someone already signed in is sent on: to the return path when sign-up is
 * finished, else to finish it (docs/product.md §Access: terms not yet acknowledged).
 */
export default function SignUpPage() {
  const [params] = useSearchParams();
  const returnTo = params.get('returnTo');
  const { data, loading } = useQuery(ViewerDocument);
  const providers = useAuthProviders();
  const completeSignIn = useCompleteSignIn(returnTo);
  const goBack = useGoBack();
  // Once this page signs someone in, it navigates itself: the redirect below must not race it.
  const [signingIn, setSigningIn] = useState(false);

  const viewer = data?.viewer ?? null;
  if (!signingIn) {
    if (loading && !data) return <AuthPageLoading heading={HEADING} />;
    if (viewer) {
      const target = viewer.termsAcknowledged ? safeReturnTo(returnTo) : chooseUsernameHref(returnTo ? safeReturnTo(returnTo) : null, false);
      return <Navigate to={target} replace />;
    }
  }

  const onSignedIn = async (outcome: SignInOutcome) => {
    setSigningIn(true);
    await completeSignIn(outcome);
  };

  return (
    <AuthPageFrame heading={HEADING}>
      <EmailAuthForm mode="signUp" returnTo={returnTo} providers={providers} onBack={goBack} onSuccess={onSignedIn} />
      {(providers?.google || providers?.twitter) && <p className="auth-page__divider">or</p>}
      <SocialSignInButtons returnTo={returnTo} providers={providers} onSignedIn={onSignedIn} />
      <p className="auth-page__footer">
        Already have an account? <Link to={withReturnTo('/signin', returnTo)}>Sign In</Link>
      </p>
    </AuthPageFrame>
  );
}
