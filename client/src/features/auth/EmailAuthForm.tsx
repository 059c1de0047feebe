import { useEffect, useId, useRef } from 'react';
import { Link } from '@router';
import * as MESSAGES from '@domain/messages';
import { validateCode, validateEmail, validatePassword, validatePasswordsMatch } from '@domain/validation';
import { ControlsWhenReady } from '@ui/ControlsWhenReady';
import type { AuthProviders } from './authApi';
import { AuthField } from './AuthField';
import { EmailAuthNotices, RecaptchaNotice } from './EmailAuthNotices';
import type { EmailAuthStep } from './emailAuthState';
import { useCaptcha } from './useCaptcha';
import { useEmailAuthFlow, type EmailAuthFlowOptions, type EmailAuthMode } from './useEmailAuthFlow';
import './auth.css';

export type { EmailAuthMode } from './useEmailAuthFlow';

interface EmailAuthFormProps extends EmailAuthFlowOptions {
  /** `/api/auth/providers`: the captcha site key (null: development captcha). Null while loading. */
  providers: AuthProviders | null;
  /** Replaces the default title of the first step. */
  title?: string;
  /** The visitor came to type their email (`w=email`): start in the email field. */
  autoFocusEmail?: boolean;
}

const TITLES: Record<EmailAuthMode, string> = {
  signIn: 'Sign in with Email',
  signUp: 'Sign up with Email',
  addLogin: 'Add an email login',
};

/** The default titles (docs/product.md §Sign-in); a new address signs up whichever page it started on. */
function stepTitle(mode: EmailAuthMode, step: EmailAuthStep, title: string | undefined): string {
  if (mode === 'addLogin') return title ?? TITLES.addLogin;
  if (step === 'SignIn') return TITLES.signIn;
  if (step === 'VerifyCode' || step === 'SignUp') return TITLES.signUp;
  return title ?? TITLES[mode];
}

const SUBMIT_LABELS: Record<EmailAuthStep, string> = { Initial: 'Next', VerifyCode: 'Verify', SignIn: 'Sign In', SignUp: 'Submit' };

/**
 * The email sign-in and sign-up form (docs/product.md §Sign-in) with its four steps and their
 * transitions: Initial → SignIn (an email login exists), → VerifyCode (a new address: a code is
 * mailed), → SignUp (a team invitation or an address already verified); VerifyCode → SignUp.
 * Also used signed in, to add an email login to the account (mode addLogin).
 */
export function EmailAuthForm({ providers, title, autoFocusEmail, ...flowOptions }: EmailAuthFormProps) {
  const { mode, returnTo } = flowOptions;
  const flow = useEmailAuthFlow(flowOptions);
  const { state, dispatch } = flow;
  const siteKey = providers?.captchaSiteKey;
  const captcha = useCaptcha(siteKey);
  const titleId = useId();
  const showPasswordId = useId();
  const certifyId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const stepFieldRef = useRef<HTMLInputElement>(null);
  const previousStep = useRef(state.step);

  // Each step starts at its first field, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (previousStep.current === state.step) return;
    previousStep.current = state.step;
    (state.step === 'Initial' ? emailRef : stepFieldRef).current?.focus();
  }, [state.step]);

  const { step, email, attempted } = state;
  // The messages of docs/product.md §Sign-in, shown once the step's submit was tried.
  const emailError = attempted && step === 'Initial' ? validateEmail(email) : null;
  const codeError = attempted && step === 'VerifyCode' ? validateCode(state.code) : null;
  const passwordError = attempted && (step === 'SignIn' || step === 'SignUp') ? validatePassword(state.password) : null;
  const retypeError = attempted && step === 'SignUp' ? validatePasswordsMatch(state.password, state.retypedPassword) : null;
  const submitDisabled = state.busy || (step === 'Initial' && captcha.status !== 'passed') || (step === 'SignUp' && !state.certified);

  return (
    <form
      className="auth-form"
      aria-labelledby={titleId}
      aria-busy={state.busy}
      noValidate
      data-step={step}
      onSubmit={(event) => {
        event.preventDefault();
        flow.submit();
      }}
    >
      <ControlsWhenReady>
        <h2 id={titleId} className="auth-form__title">
          {stepTitle(mode, step, title)}
        </h2>

        <AuthField
          ref={emailRef}
          autoFocus={autoFocusEmail}
          label="Email"
          type="email"
          name="email"
          autoComplete={mode === 'signIn' ? 'username' : 'email'}
          value={email}
          error={emailError}
          onChange={(event) => dispatch({ type: 'edited', field: 'email', value: event.target.value })}
        />

        {step === 'VerifyCode' && (
          <>
            <AuthField
              ref={stepFieldRef}
              label="Verification code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={state.code}
              error={codeError}
              onChange={(event) => dispatch({ type: 'edited', field: 'code', value: event.target.value })}
            />
            <button type="button" className="auth-form__link-button" disabled={state.busy} onClick={flow.resendCode}>
              Re-send verification email
            </button>
          </>
        )}

        {(step === 'SignIn' || step === 'SignUp') && (
          <AuthField
            ref={stepFieldRef}
            label="Password"
            type={state.showPassword ? 'text' : 'password'}
            name="password"
            autoComplete={step === 'SignIn' ? 'current-password' : 'new-password'}
            value={state.password}
            error={passwordError}
            onChange={(event) => dispatch({ type: 'edited', field: 'password', value: event.target.value })}
          />
        )}

        {step === 'SignIn' && (
          <div className="auth-form__row">
            <button type="button" className="auth-form__link-button" disabled={state.busy} onClick={flow.sendResetLink}>
              Forgot password?
            </button>
            {state.emailVerified && (
              <button type="button" className="button button--outline" disabled={state.busy} onClick={flow.sendMagicLink}>
                Send Magic Link
              </button>
            )}
          </div>
        )}

        {step === 'SignUp' && (
          <>
            <AuthField
              label="Retype password"
              type={state.showPassword ? 'text' : 'password'}
              name="retypedPassword"
              autoComplete="new-password"
              value={state.retypedPassword}
              error={retypeError}
              onChange={(event) => dispatch({ type: 'edited', field: 'retypedPassword', value: event.target.value })}
            />
            <div className="auth-form__check">
              <input id={showPasswordId} type="checkbox" checked={state.showPassword} onChange={() => dispatch({ type: 'showPasswordToggled' })} />
              <label htmlFor={showPasswordId}>Show password</label>
            </div>
            <div className="auth-form__check">
              <input id={certifyId} type="checkbox" checked={state.certified} onChange={(event) => dispatch({ type: 'certifiedChanged', certified: event.target.checked })} />
              <label htmlFor={certifyId}>
                I certify that I have read and agree to the{' '}
                <Link to="/privacy" target="_blank">
                  Privacy Policy
                </Link>{' '}
                and the{' '}
                <Link to="/terms" target="_blank">
                  Terms of Service
                </Link>
                .
              </label>
            </div>
          </>
        )}

        {step === 'Initial' && captcha.status === 'failed' && (
          <p className="auth-form__problem" role="alert">
            {MESSAGES.captchaFailed}{' '}
            <button type="button" className="auth-form__link-button" onClick={captcha.retry}>
              Try again
            </button>
          </p>
        )}
        {step === 'Initial' && siteKey && <RecaptchaNotice />}

        <EmailAuthNotices notice={state.notice} problem={state.problem} providers={providers} returnTo={returnTo} />

        <div className="auth-form__actions">
          <button type="button" className="button button--outline" onClick={flow.cancel}>
            Back
          </button>
          <button type="submit" className="button button--primary" disabled={submitDisabled}>
            {SUBMIT_LABELS[step]}
          </button>
        </div>
      </ControlsWhenReady>
    </form>
  );
}
