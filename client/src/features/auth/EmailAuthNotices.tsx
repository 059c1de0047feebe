import type { AuthProviders } from './authApi';
import type { AuthProblem } from './authProblem';
import { SocialSignInButtons } from './SocialSignInButtons';

/** What the last call said: a notice (polite) or a problem (assertive), with the provider button when one applies. */
export function EmailAuthNotices({ notice, problem, providers, returnTo }: { notice: string | null; problem: AuthProblem | null; providers: AuthProviders | null; returnTo: string | null }) {
  return (
    <>
      <p className="auth-form__notice" role="status">
        {notice}
      </p>
      {problem && (
        <div className="auth-form__problem" role="alert">
          <p>{problem.message}</p>
          {problem.advice && <p>{problem.advice}</p>}
          {problem.provider && <SocialSignInButtons returnTo={returnTo} providers={providers} only={[problem.provider]} />}
        </div>
      )}
    </>
  );
}

/** Google asks for this line wherever its badge is hidden (docs/product.md §Constants hides it). */
export function RecaptchaNotice() {
  return (
    <p className="auth-form__recaptcha">
      This site is protected by reCAPTCHA and the Google <a href="https://policies.google.com/privacy">Privacy Policy</a> and{' '}
      <a href="https://policies.google.com/terms">Terms of Service</a> apply.
    </p>
  );
}
