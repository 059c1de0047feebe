import { useQuery } from '@apollo/client/react';
import { Navigate, useLocation, useSearchParams } from '@router';
import { PRODUCT_NAME } from '@domain/constants';
import { AuthViewerDocument } from '@gql/graphql';
import { signInHref } from '@shell/returnTo';
import { AuthPageFrame, AuthPageLoading } from './AuthPageFrame';
import { FinishSignUpForm } from './FinishSignUpForm';

/**
 * `/signup/username`: the last step of signing up (docs/product.md §Sign-in) — a username, a name,
 * creator or company, and the terms. Signed-out visitors sign in first and come back here.
 */
export default function ChooseUsernamePage() {
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const { data, loading } = useQuery(AuthViewerDocument);
  const heading = params.get('welcome') ? `Welcome to ${PRODUCT_NAME}!` : 'Choose your username';

  if (loading && !data) return <AuthPageLoading heading={heading} />;
  const viewer = data?.viewer ?? null;
  if (!viewer) return <Navigate to={signInHref(pathname + search)} replace />;

  return (
    <AuthPageFrame heading={heading}>
      <p className="page__purpose">Pick the username your profile lives at, and tell us who you are.</p>
      <FinishSignUpForm key={viewer.id} viewer={viewer} returnTo={params.get('returnTo')} />
    </AuthPageFrame>
  );
}
