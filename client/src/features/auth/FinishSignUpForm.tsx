import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from '@router';
import * as MESSAGES from '@domain/messages';
import { validateUsername } from '@domain/validation';
import {
  SignUpChooseUsernameDocument,
  SignUpFinishProfileDocument,
  SignUpUsernameCheckDocument,
  type AuthViewerQuery,
  type UserType,
} from '@gql/graphql';
import { serverRefusal } from '@shell/serverError';
import { AuthField } from './AuthField';
import { safeReturnTo } from './returnTo';
import { TermsAgreementLabel } from '@ui/TermsAgreementLabel';
import { useDebouncedValue } from '@ui/useDebouncedValue';

/** Long enough to skip the keystrokes of a word being typed, short enough to feel live. */
export const USERNAME_CHECK_DEBOUNCE_MS = 400;

type SignUpViewer = NonNullable<AuthViewerQuery['viewer']>;

const USER_TYPES: ReadonlyArray<{ value: UserType; label: string }> = [
  { value: 'CREATOR', label: 'Creator' },
  { value: 'COMPANY', label: 'Company' },
];

/** The rule of docs/product.md §Sign-in for what is typed so far; an empty field only complains on submit. */
function usernameRule(username: string, submitted: boolean): string | null {
  if (username === '') return submitted ? MESSAGES.usernameRequired : null;
  return validateUsername(username);
}

/**
 * Username (checked as it is typed: the product rules at once, then the server's answer after a
 * pause), name, creator or company, and the terms. Submits `chooseUsername` then
 * `updateProfile(acknowledgeTerms: true)`, then goes to the return path or the new profile.
 */
export function FinishSignUpForm({ viewer, returnTo }: { viewer: SignUpViewer; returnTo: string | null }) {
  const navigate = useNavigate();
  const [username, setUsername] = useState(viewer.username ?? '');
  const [name, setName] = useState(viewer.name ?? '');
  const [userType, setUserType] = useState<UserType>(viewer.userType ?? 'CREATOR');
  const [acknowledged, setAcknowledged] = useState(viewer.termsAcknowledged);
  const [submitted, setSubmitted] = useState(false);
  const [usernameRefusal, setUsernameRefusal] = useState<{ username: string; message: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const termsId = useId();
  const checkId = useId();

  const trimmed = username.trim();
  const localProblem = usernameRule(trimmed, submitted);
  const settled = useDebouncedValue(trimmed, USERNAME_CHECK_DEBOUNCE_MS);
  const needsCheck = settled !== '' && validateUsername(settled) === null && settled === trimmed;
  const check = useQuery(SignUpUsernameCheckDocument, { variables: { username: settled }, skip: !needsCheck, fetchPolicy: 'network-only' });
  const checked = needsCheck && !check.loading ? check.data?.usernameAvailable : undefined;

  const [chooseUsername, choosing] = useMutation(SignUpChooseUsernameDocument);
  const [finishProfile, finishing] = useMutation(SignUpFinishProfileDocument);
  const busy = choosing.loading || finishing.loading;

  const usernameError =
    localProblem ?? (usernameRefusal?.username === trimmed ? usernameRefusal.message : null) ?? (checked && !checked.available ? checked.message ?? MESSAGES.usernameTaken : null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (busy || usernameRule(trimmed, true) || !acknowledged) return;
    setProblem(null);
    try {
      await chooseUsername({ variables: { input: { username: trimmed } } });
    } catch (error) {
      setUsernameRefusal({ username: trimmed, message: serverRefusal(error)?.message ?? MESSAGES.somethingWentWrong });
      return;
    }
    try {
      const profileName = name.trim();
      await finishProfile({ variables: { input: { ...(profileName ? { name: profileName } : {}), userType, acknowledgeTerms: true } } });
    } catch (error) {
      setProblem(serverRefusal(error)?.message ?? MESSAGES.somethingWentWrong);
      return;
    }
    void navigate(safeReturnTo(returnTo, `/${trimmed}`), { replace: true });
  }

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <AuthField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        error={usernameError}
        onChange={(event) => setUsername(event.target.value)}
        aria-describedby={usernameError ? undefined : checkId}
      />
      <p id={checkId} className="auth-form__notice" role="status">
        {!usernameError && checked?.available ? `${trimmed} is available.` : ''}
      </p>

      <AuthField label="Name" name="name" autoComplete="name" value={name} error={null} onChange={(event) => setName(event.target.value)} />

      <fieldset>
        <legend>I am a</legend>
        {USER_TYPES.map((type) => (
          <label key={type.value} className="auth-form__check auth-form__check--inline">
            <input type="radio" name="userType" value={type.value} checked={userType === type.value} onChange={() => setUserType(type.value)} />
            {type.label}
          </label>
        ))}
      </fieldset>

      <div className="auth-form__check">
        <input id={termsId} type="checkbox" checked={acknowledged} onChange={(event) => setAcknowledged(event.target.checked)} />
        <TermsAgreementLabel htmlFor={termsId} />
      </div>

      {problem && (
        <p className="auth-form__problem" role="alert">
          {problem}
        </p>
      )}

      <button type="submit" className="button button--primary" disabled={busy || !acknowledged}>
        {busy ? 'Saving…' : 'Continue'}
      </button>
    </form>
  );
}
