/**
 * The accounts REST calls of docs/auth.md, typed. Each rejects with the `ApiError` of
 * `apiCall`, whose message is already the spec's wording for the user.
 */
import { INVITED_BY_PARAM } from '@domain/invites';
import { apiCall } from '@shell/api';
import { CURRENT_TERMS } from '@domain/terms';

export type SocialProvider = 'google' | 'twitter';
/** Every sign-in button: Apple's is web-only and full-page, so it is not a SocialProvider (native hand-off, popups). */
export type SignInProvider = SocialProvider | 'apple';

export interface AuthProviders {
  google: boolean;
  twitter: boolean;
  apple: boolean;
  /** reCAPTCHA v3 site key; null when the server checks no captcha (development). */
  captchaSiteKey: string | null;
}

export interface EmailCheck {
  /** An email-and-password login exists for this address. */
  exists: boolean;
  verified: boolean;
  /** The other logins of the address's account. */
  providers: string[];
}

export interface SignedInUser {
  id: number | string;
  username: string | null;
  termsAcknowledged?: boolean;
}

export interface SignInResult {
  user: SignedInUser;
  isNewUser?: boolean;
  returnTo?: string | null;
}

interface MessageAnswer {
  message?: string;
}

export const fetchProviders = () => apiCall<AuthProviders>('GET', '/auth/providers');

/** `token` is reCAPTCHA's, or 'development' when no site key is configured. */
export const checkCaptcha = (token: string) => apiCall<{ success: boolean }>('POST', '/auth/google/captcha', { token });

export const checkEmail = (email: string) => apiCall<EmailCheck>('GET', `/auth/email/check?${new URLSearchParams({ email }).toString()}`);

export const sendVerificationCode = (email: string, returnTo: string | null) =>
  apiCall<MessageAnswer>('PUT', '/users/verify', { email, returnTo });

export const verifyCode = (email: string, code: string) => apiCall<{ token: string }>('POST', '/users/verify', { email, code });

/**
 * Creates the account (or, signed in, adds an email login to it). An address that already
 * has an account is signed in with the same password instead (docs/product.md §Sign-in).
 */
/**
 * A sign-up (or, signed in, a new email login). `certifiedTerms`: the form's box certified the terms
 * shown now, so their version is recorded with the account (docs/product.md §Terms).
 */
export const signUpWithEmail = (email: string, password: string, token: string | null, invitationCode: string | null = null, certifiedTerms = false) =>
  apiCall<SignInResult>('POST', '/auth/email/signup', {
    email,
    password,
    token,
    ...(invitationCode && !token ? { invitationCode } : {}),
    ...invitedByOfThisPage(),
    ...(certifiedTerms ? { termsVersion: CURRENT_TERMS.id } : {}),
  });

/** A friend's invite link (`/signup?invitedBy={username}`, from /invite): the sign-up credits them. */
function invitedByOfThisPage(): { invitedBy?: string } {
  const invitedBy = new URLSearchParams(window.location.search).get(INVITED_BY_PARAM);
  return invitedBy ? { invitedBy } : {};
}

export const signInWithEmail = (email: string, password: string) => apiCall<SignInResult>('POST', '/auth/email/signin', { email, password });

export const sendMagicLink = (email: string, returnTo: string | null) =>
  apiCall<MessageAnswer>('POST', '/auth/email/magicLink', { email, returnTo });

export const signInWithMagicLink = (token: string) => apiCall<SignInResult>('POST', '/auth/email/signin/magic', { token });

export const requestPasswordReset = (email: string) => apiCall<MessageAnswer>('POST', '/auth/password/reset', { email });

export const confirmPasswordReset = (token: string, password: string) =>
  apiCall<SignInResult>('POST', '/auth/password/reset/confirm', { token, password });

export const signOut = () => apiCall<unknown>('POST', '/auth/signout');
