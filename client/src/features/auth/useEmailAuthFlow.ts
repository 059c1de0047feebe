/**
 * The calls behind the email form's steps (docs/product.md §Sign-in): what each submit asks the
 * server and which step its answer leads to. The form renders; this decides.
 */
import { useReducer } from 'react';
import * as MESSAGES from '@domain/messages';
import { validateCode, validateEmail, validatePassword, validatePasswordsMatch } from '@domain/validation';
import { checkEmail, requestPasswordReset, sendMagicLink, sendVerificationCode, signInWithEmail, signUpWithEmail, verifyCode } from './authApi';
import { isSignInProvider, providerGuidance, toAuthProblem, type AuthProblem } from './authProblem';
import { emailAuthReducer, initialEmailAuthState } from './emailAuthState';
import { ApiError } from '@shell/api';
import { isTeamInvitationPath, teamInvitationCode } from './returnTo';
import type { SignInOutcome } from './useCompleteSignIn';

/** signIn and signUp differ only in the first title; addLogin attaches an email login to the signed-in account. */
export type EmailAuthMode = 'signIn' | 'signUp' | 'addLogin';

export interface EmailAuthFlowOptions {
  mode: EmailAuthMode;
  returnTo: string | null;
  verifiedEmail?: { email: string; token: string };
  knownEmailLogins?: readonly string[];
  onBack(): void;
  onSuccess(outcome: SignInOutcome): void | Promise<void>;
}

/** A problem the form finds itself in the middle of a call: shown like the server's. */
class FormProblem extends Error {
  constructor(readonly problem: AuthProblem) {
    super(problem.message);
  }
}

const sameAddress = (left: string, right: string) => left.trim().toLowerCase() === right.trim().toLowerCase();

export function useEmailAuthFlow({ mode, returnTo, verifiedEmail, knownEmailLogins = [], onBack, onSuccess }: EmailAuthFlowOptions) {
  const [state, dispatch] = useReducer(emailAuthReducer, verifiedEmail?.email ?? '', initialEmailAuthState);
  const email = state.email.trim();

  async function run(call: () => Promise<void>) {
    dispatch({ type: 'callStarted' });
    try {
      await call();
    } catch (error) {
      dispatch({ type: 'callFailed', problem: error instanceof FormProblem ? error.problem : toAuthProblem(error) });
    }
  }

  async function mailCodeAndVerify() {
    const answer = await sendVerificationCode(email, returnTo);
    dispatch({ type: 'stepReached', step: 'VerifyCode', notice: answer?.message ?? MESSAGES.codeSent });
  }

  function submitInitial() {
    if (validateEmail(state.email)) return;
    if (verifiedEmail && sameAddress(verifiedEmail.email, email)) {
      dispatch({ type: 'stepReached', step: 'SignUp', verificationToken: verifiedEmail.token });
      return;
    }
    // The invitation vouches for the address, and sign-up falls back to sign-in for an existing one.
    if (mode !== 'addLogin' && isTeamInvitationPath(returnTo)) {
      dispatch({ type: 'stepReached', step: 'SignUp', verificationToken: null });
      return;
    }
    return run(async () => {
      const check = await checkEmail(email);
      if (mode === 'addLogin') {
        if (check.exists) {
          const own = knownEmailLogins.some((login) => sameAddress(login, email));
          throw new FormProblem({ message: own ? MESSAGES.emailLoginExists : MESSAGES.emailLoginTaken });
        }
        return mailCodeAndVerify();
      }
      if (check.exists) {
        dispatch({ type: 'stepReached', step: 'SignIn', emailVerified: check.verified });
        return;
      }
      // docs/product.md §Sign-in: an address whose account signs in with Google, Twitter or Apple only is pointed there.
      const otherLogin = check.providers.find(isSignInProvider);
      if (otherLogin) throw new FormProblem(providerGuidance(otherLogin));
      return mailCodeAndVerify();
    });
  }

  function submitVerifyCode() {
    if (validateCode(state.code)) return;
    return run(async () => {
      const { token } = await verifyCode(email, state.code.trim());
      dispatch({ type: 'stepReached', step: 'SignUp', verificationToken: token, emailVerified: true });
    });
  }

  function submitSignIn() {
    if (validatePassword(state.password)) return;
    return run(async () => {
      const result = await signInWithEmail(email, state.password);
      await onSuccess({ ...result, isNewUser: false });
    });
  }

  function submitSignUp() {
    if (validatePassword(state.password) || validatePasswordsMatch(state.password, state.retypedPassword)) return;
    const invitationCode = mode === 'addLogin' ? null : teamInvitationCode(returnTo);
    return run(async () => {
      try {
        // Adding a login to an account already past sign-up certifies nothing new.
        await onSuccess(await signUpWithEmail(email, state.password, state.verificationToken, invitationCode, mode !== 'addLogin' && state.certified));
      } catch (error) {
        // The invitation was sent to another address: prove this one with a mailed code instead.
        if (error instanceof ApiError && error.details?.proof === 'invitation') return mailCodeAndVerify();
        throw error;
      }
    });
  }

  const submitByStep = { Initial: submitInitial, VerifyCode: submitVerifyCode, SignIn: submitSignIn, SignUp: submitSignUp };

  /** A side call that leaves the step as it is and says what happened (e.g. "Email sent!"). */
  const withNotice = (call: () => Promise<{ message?: string }>, fallback: string) => () =>
    void run(async () => {
      const answer = await call();
      dispatch({ type: 'noticeShown', notice: answer?.message ?? fallback });
    });

  return {
    state,
    dispatch,
    submit() {
      if (state.busy) return;
      dispatch({ type: 'submitTried' });
      void submitByStep[state.step]();
    },
    resendCode: withNotice(() => sendVerificationCode(email, returnTo), MESSAGES.codeSent),
    sendResetLink: withNotice(() => requestPasswordReset(email), MESSAGES.emailSent),
    sendMagicLink: withNotice(() => sendMagicLink(email, returnTo), MESSAGES.emailSent),
    /** docs/product.md §Sign-in: cancelling resets to Initial and clears all fields; Back on Initial leaves the form. */
    cancel() {
      dispatch({ type: 'cancelled' });
      if (state.step === 'Initial') onBack();
    },
  };
}
