import { useApolloClient } from '@apollo/client/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@router';
import * as MESSAGES from '@domain/messages';
import { validatePassword, validatePasswordsMatch } from '@domain/validation';
import { refreshSession } from '@shell/apollo';
import { ControlsWhenReady } from '@ui/ControlsWhenReady';
import { confirmPasswordReset } from './authApi';
import { AuthField } from './AuthField';
import { toAuthProblem, type AuthProblem } from './authProblem';
import { safeReturnTo } from './returnTo';

/** Long enough to read "Your password has been changed." before moving on. */
export const PASSWORD_CHANGED_PAUSE_MS = 2000;

/**
 * Sets the new password from the mailed link. The server signs the user in with it (and
 * ends their other sessions), so the app refreshes its viewer and moves on.
 */
export function NewPasswordForm({ token, returnTo }: { token: string; returnTo: string | null }) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const showId = useId();
  const [password, setPassword] = useState('');
  const [retyped, setRetyped] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [changed, setChanged] = useState(false);
  const [problem, setProblem] = useState<AuthProblem | null>(null);
  const target = safeReturnTo(returnTo);

  useEffect(() => {
    if (!changed) return;
    const timer = window.setTimeout(() => navigate(target, { replace: true }), PASSWORD_CHANGED_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [changed, navigate, target]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (busy || validatePassword(password) || validatePasswordsMatch(password, retyped)) return;
    setBusy(true);
    setProblem(null);
    try {
      await confirmPasswordReset(token, password);
      await refreshSession(client);
      setChanged(true);
    } catch (error) {
      setProblem(toAuthProblem(error));
    } finally {
      setBusy(false);
    }
  }

  if (changed) {
    return (
      <div className="auth-form">
        <p className="auth-form__notice" role="status">
          {MESSAGES.passwordChanged}
        </p>
        <Link className="button button--primary" to={target} replace>
          Continue
        </Link>
      </div>
    );
  }

  const type = showPassword ? 'text' : 'password';
  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <ControlsWhenReady>
        <p className="page__purpose">Choose a new password for your account.</p>
        <AuthField label="New password" type={type} name="password" autoComplete="new-password" value={password} error={attempted ? validatePassword(password) : null} onChange={(event) => setPassword(event.target.value)} />
        <AuthField label="Retype password" type={type} name="retypedPassword" autoComplete="new-password" value={retyped} error={attempted ? validatePasswordsMatch(password, retyped) : null} onChange={(event) => setRetyped(event.target.value)} />
        <div className="auth-form__check">
          <input id={showId} type="checkbox" checked={showPassword} onChange={() => setShowPassword((shown) => !shown)} />
          <label htmlFor={showId}>Show password</label>
        </div>
        {problem && (
          <div className="auth-form__problem" role="alert">
            <p>{problem.message}</p>
            <Link to="/reset-password">Send me a new link</Link>
          </div>
        )}
        <button type="submit" className="button button--primary" disabled={busy}>
          Set new password
        </button>
      </ControlsWhenReady>
    </form>
  );
}
