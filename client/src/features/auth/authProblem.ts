/**
 * What a failed accounts call shows the user (docs/product.md §Sign-in). The server already words
 * its messages; this only adds what the message alone cannot carry: the advice under a failed
 * verification mail and the provider button for an address that signs in elsewhere.
 */
import * as MESSAGES from '@domain/messages';
import { ApiError } from '@shell/api';
import type { SignInProvider } from './authApi';

export interface AuthProblem {
  message: string;
  /** A second line, e.g. "check the address and contact support". */
  advice?: string;
  /** The address belongs to an account that signs in with this provider only. */
  provider?: SignInProvider;
}

const GUIDANCE: Record<SignInProvider, string> = { google: MESSAGES.useGoogleSignIn, twitter: MESSAGES.useTwitterSignIn, apple: MESSAGES.useAppleSignIn };

export function isSignInProvider(value: unknown): value is SignInProvider {
  return value === 'google' || value === 'twitter' || value === 'apple';
}

/** The guidance for an address whose account signs in with Google, Twitter or Apple only. */
export function providerGuidance(provider: SignInProvider): AuthProblem {
  return { message: GUIDANCE[provider], provider };
}

export function toAuthProblem(error: unknown): AuthProblem {
  if (!(error instanceof ApiError)) return { message: MESSAGES.somethingWentWrong };
  const details = error.details ?? {};
  if (error.status === 409 && isSignInProvider(details.provider)) {
    return { ...providerGuidance(details.provider), message: error.message || providerGuidance(details.provider).message };
  }
  if (error.status === 429) return { message: error.message || MESSAGES.tooManyAttempts };
  if (error.message === MESSAGES.emailVerificationFailed) {
    return { message: error.message, advice: typeof details.advice === 'string' ? details.advice : MESSAGES.emailVerificationAdvice };
  }
  // A 500's generic wording is not the sign-in form's: docs/product.md §Sign-in says "Something went wrong".
  if (error.status >= 500 && error.message === MESSAGES.unexpected) return { message: MESSAGES.somethingWentWrong };
  return { message: error.message || MESSAGES.somethingWentWrong };
}
