import type { AuthProviders, SignInProvider } from './authApi';
import { useAuthProviders } from './useAuthProviders';
import { useCompleteSignIn, type SignInOutcome } from './useCompleteSignIn';
import { appleStartUrl, useSocialSignIn } from './useSocialSignIn';
import { leavePageFor } from '@shell/leavePage';
import './auth.css';

interface SocialSignInButtonsProps {
  /** Where to come back to after signing in. */
  returnTo: string | null;
  /** The page's `/api/auth/providers` answer; fetched here when not given. */
  providers?: AuthProviders | null;
  /** Add the login to the signed-in account (settings) instead of signing in. */
  link?: boolean;
  /** Twitter's way back on failure; /signin by default. */
  errorTo?: string;
  /** Only these providers (e.g. the one an email's account signs in with). */
  only?: readonly SignInProvider[];
  /** "Continue with" by default (docs/product.md §Sign-in). */
  verb?: string;
  /** Replaces the usual "refresh the session and go to returnTo". */
  onSignedIn?: (outcome: SignInOutcome) => void | Promise<void>;
}

const PROVIDER_NAMES: Record<SignInProvider, string> = { google: 'Google', twitter: 'Twitter', apple: 'Apple' };

/**
 * "Continue with Google", "Continue with Twitter" and "Continue with Apple" (docs/product.md
 * §Sign-in), each shown only when the server has that provider configured. Used by the sign-in and
 * sign-up pages, the settings page that adds a login (Google and Twitter only), and the shell's
 * sign-up prompt.
 */
export function SocialSignInButtons({ returnTo, providers: givenProviders, link, errorTo, only, verb = 'Continue with', onSignedIn }: SocialSignInButtonsProps) {
  const providers = useAuthProviders(givenProviders);
  const completeSignIn = useCompleteSignIn(returnTo);
  const social = useSocialSignIn({ returnTo, link, errorTo, onSignedIn: onSignedIn ?? completeSignIn });

  if (!providers) return null;
  const shown = (['google', 'twitter', 'apple'] as const).filter((provider) => providers[provider] && (!only || only.includes(provider)) && !(provider === 'apple' && link));
  if (shown.length === 0) return null;

  return (
    <div className="social-sign-in">
      {shown.map((provider) => (
        <button
          key={provider}
          type="button"
          className={`button button--outline social-sign-in__button social-sign-in__button--${provider}`}
          aria-busy={social.waitingFor === provider || undefined}
          onClick={() => (provider === 'apple' ? leavePageFor(appleStartUrl(returnTo)) : void social.start(provider))}
        >
          {verb} {PROVIDER_NAMES[provider]}
        </button>
      ))}
      {social.problem && (
        <p className="auth-form__problem" role="alert">
          {social.problem}
        </p>
      )}
    </div>
  );
}
