import { useState, type FormEvent } from 'react';
import { Link } from '@router';
import * as MESSAGES from '@domain/messages';
import { validateEmail } from '@domain/validation';
import { ControlsWhenReady } from '@ui/ControlsWhenReady';
import { requestPasswordReset } from './authApi';
import { AuthField } from './AuthField';
import { toAuthProblem, type AuthProblem } from './authProblem';

/** Asks for the reset mail. The answer is the same whether or not the address has an account. */
export function ResetRequestForm() {
  const [email, setEmail] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<AuthProblem | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (busy || validateEmail(email)) return;
    setBusy(true);
    setProblem(null);
    setNotice(null);
    try {
      const answer = await requestPasswordReset(email.trim());
      setNotice(answer?.message ?? MESSAGES.emailSent);
    } catch (error) {
      setProblem(toAuthProblem(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <ControlsWhenReady>
        <p className="page__purpose">Enter your email and we will send you a link to choose a new password.</p>
        <AuthField label="Email" type="email" name="email" autoComplete="email" value={email} error={attempted ? validateEmail(email) : null} onChange={(event) => setEmail(event.target.value)} />
        <p className="auth-form__notice" role="status">
          {notice}
        </p>
        {problem && (
          <p className="auth-form__problem" role="alert">
            {problem.message}
          </p>
        )}
        <div className="auth-form__actions">
          <Link className="button button--outline" to="/signin">
            Back
          </Link>
          <button type="submit" className="button button--primary" disabled={busy}>
            Send reset link
          </button>
        </div>
      </ControlsWhenReady>
    </form>
  );
}
