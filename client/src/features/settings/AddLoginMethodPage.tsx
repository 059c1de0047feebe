import { useQuery } from '@apollo/client/react';
import { lazy, useState } from 'react';
import { Part } from '@ui/Part';
import { Link, useNavigate, useSearchParams } from '@router';
import * as MESSAGES from '@domain/messages';
import { loadEmailAuthForm, safeReturnTo, SocialSignInButtons, useAuthProviders } from '@features/auth';
import { serverRefusal } from '@shell/serverError';
import { useMutationLoadedOnUse } from '@shell/useMutationLoadedOnUse';
import { ViewerLoginMethodsDocument, type ViewerLoginMethodsQuery } from '@gql/graphql';
import { ConfirmDialog } from '@ui/ConfirmDialog';
import { formatDate } from '@ui/formatDate';
import { PageFrame } from '@ui/PageFrame';
import { Skeleton } from '@ui/Skeleton';
import { loadRemoveLoginMethod } from './loadLoginMethodDocument';
// The card and form classes are the sign-in form's own (auth.css comes with SocialSignInButtons).
import './settings.css';

/** Shown only at `?w=email`: its code loads then, not with the page (the 150 KB of docs/product.md §Performance). */
const EmailAuthForm = lazy(loadEmailAuthForm);

type LoginMethod = NonNullable<ViewerLoginMethodsQuery['viewer']>['loginMethods']['nodes'][number];

const THIS_PAGE = '/settings/login';

const PROVIDER_NAMES: Record<LoginMethod['provider'], string> = { EMAIL: 'Email', GOOGLE: 'Google', TWITTER: 'Twitter', APPLE: 'Apple' };

/** `/settings/login?w=email&returnTo=…`, keeping the return path. */
function pageHref(method: 'email' | null, returnTo: string | null): string {
  const query = new URLSearchParams();
  if (method) query.set('w', method);
  if (returnTo) query.set('returnTo', returnTo);
  const search = query.toString();
  return search ? `${THIS_PAGE}?${search}` : THIS_PAGE;
}

/**
 * `/settings/login` ("Add a login method"): the viewer's ways to sign in, adding
 * Google, Twitter or an email and password (`w=email`), and removing one (never the last).
 * After adding, `returnTo` (when given) is where the user goes next.
 */
export default function AddLoginMethodPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returnTo = params.get('returnTo');
  const addingEmail = params.get('w') === 'email';
  const providers = useAuthProviders();
  const { data, loading, refetch } = useQuery(ViewerLoginMethodsDocument, { fetchPolicy: 'cache-and-network' });
  const [notice, setNotice] = useState<string | null>(null);
  const methods = data?.viewer?.loginMethods.nodes ?? [];

  const onAdded = async () => {
    await refetch();
    if (returnTo) {
      void navigate(safeReturnTo(returnTo), { replace: true });
      return;
    }
    setNotice('Login method added.');
    void navigate(THIS_PAGE, { replace: true });
  };

  const linked = new Set<string>(methods.map((method) => method.provider.toLowerCase()));
  const addable = (['google', 'twitter'] as const).filter((provider) => !linked.has(provider));
  const emailLogins = methods.filter((method) => method.provider === 'EMAIL').map((method) => method.label);

  return (
    <PageFrame heading="Add a login method" purpose="Add another way to sign in: email and password, Google or Twitter.">
      <div className="auth-page__card">
        {params.get('error') && (
          <p className="auth-form__problem" role="alert">
            {params.get('error')}
          </p>
        )}
        <p className="auth-form__notice" role="status">
          {notice}
        </p>

        <h2 className="auth-form__title">Your login methods</h2>
        {loading && !data ? <Skeleton lines={2} label="Loading…" /> : <LoginMethodList methods={methods} onRemoved={() => void refetch()} />}

        {addingEmail ? (
          <Part fallback={<Skeleton lines={3} label="Loading…" />}>
            <EmailAuthForm
              mode="addLogin"
              returnTo={returnTo}
              providers={providers}
              knownEmailLogins={emailLogins}
              onBack={() => void navigate(pageHref(null, returnTo))}
              onSuccess={onAdded}
            />
          </Part>
        ) : (
          <>
            <h2 className="auth-form__title">Add a login method</h2>
            <Link className="button button--outline" to={pageHref('email', returnTo)}>
              Add email and password
            </Link>
            <SocialSignInButtons
              returnTo={returnTo ?? THIS_PAGE}
              providers={providers}
              only={addable}
              link
              verb="Add"
              errorTo={THIS_PAGE}
              onSignedIn={onAdded}
            />
          </>
        )}
      </div>
    </PageFrame>
  );
}

function LoginMethodList({ methods, onRemoved }: { methods: readonly LoginMethod[]; onRemoved(): void }) {
  const [removeLoginMethod, removing] = useMutationLoadedOnUse(loadRemoveLoginMethod);
  const [confirming, setConfirming] = useState<LoginMethod | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function remove(method: LoginMethod) {
    setConfirming(null);
    setProblem(null);
    try {
      await removeLoginMethod({ variables: { input: { loginMethodId: method.id } } });
      onRemoved();
    } catch (error) {
      setProblem(serverRefusal(error)?.message ?? MESSAGES.somethingWentWrong);
    }
  }

  const onlyOne = methods.length <= 1;
  return (
    <>
      <ul className="login-methods">
        {methods.map((method) => (
          <li key={method.id}>
            <span className="login-methods__label">
              <strong>{PROVIDER_NAMES[method.provider] ?? method.provider}</strong>
              {method.label !== PROVIDER_NAMES[method.provider] && <span>{method.label}</span>}
              <span className="login-methods__meta">Added {formatDate(method.createdAt)}</span>
            </span>
            {/* The last way in cannot be removed: the user would be locked out. */}
            <button
              type="button"
              className="button button--outline"
              disabled={onlyOne || removing.loading}
              title={onlyOne ? MESSAGES.lastLoginMethod : undefined}
              aria-label={`Remove ${PROVIDER_NAMES[method.provider] ?? method.provider} login ${method.label}`}
              onClick={() => setConfirming(method)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      {onlyOne && methods.length === 1 && <p className="login-methods__meta">{MESSAGES.lastLoginMethod}</p>}
      {problem && (
        <p className="auth-form__problem" role="alert">
          {problem}
        </p>
      )}
      <ConfirmDialog open={confirming !== null} title="Remove login method?" yesLabel="Remove" noLabel="Cancel" primary="no" onYes={() => confirming && void remove(confirming)} onNo={() => setConfirming(null)}>
        {confirming && `You will no longer be able to sign in with ${PROVIDER_NAMES[confirming.provider] ?? confirming.provider} (${confirming.label}).`}
      </ConfirmDialog>
    </>
  );
}
