/**
 * The email form's steps and transitions (docs/product.md §Sign-in), as a pure reducer so every
 * transition is one named event. The component owns the calls; this owns what they change.
 */
import type { AuthProblem } from './authProblem';

export type EmailAuthStep = 'Initial' | 'SignIn' | 'VerifyCode' | 'SignUp';

export interface EmailAuthState {
  step: EmailAuthStep;
  email: string;
  code: string;
  password: string;
  retypedPassword: string;
  showPassword: boolean;
  /** The certification checkbox of the SignUp step. */
  certified: boolean;
  /** Proof that the address was verified (from the emailed code). */
  verificationToken: string | null;
  /** Offers "Send Magic Link" on the SignIn step. */
  emailVerified: boolean;
  /** A submit was tried on this step, so its field rules are shown. */
  attempted: boolean;
  busy: boolean;
  problem: AuthProblem | null;
  notice: string | null;
}

export type TextField = 'email' | 'code' | 'password' | 'retypedPassword';

export type EmailAuthEvent =
  | { type: 'edited'; field: TextField; value: string }
  | { type: 'showPasswordToggled' }
  | { type: 'certifiedChanged'; certified: boolean }
  | { type: 'submitTried' }
  | { type: 'callStarted' }
  | { type: 'callFailed'; problem: AuthProblem }
  | { type: 'noticeShown'; notice: string }
  | { type: 'stepReached'; step: Exclude<EmailAuthStep, 'Initial'>; verificationToken?: string | null; emailVerified?: boolean; notice?: string | null }
  | { type: 'cancelled' };

export function initialEmailAuthState(email = ''): EmailAuthState {
  return {
    step: 'Initial',
    email,
    code: '',
    password: '',
    retypedPassword: '',
    showPassword: false,
    certified: false,
    verificationToken: null,
    emailVerified: false,
    attempted: false,
    busy: false,
    problem: null,
    notice: null,
  };
}

export function emailAuthReducer(state: EmailAuthState, event: EmailAuthEvent): EmailAuthState {
  switch (event.type) {
    case 'edited':
      // docs/product.md §Sign-in: changing (or clearing) the email after the first step starts over.
      if (event.field === 'email' && (state.step !== 'Initial' || event.value === '')) return initialEmailAuthState(event.value);
      return { ...state, [event.field]: event.value, problem: null };
    case 'showPasswordToggled':
      return { ...state, showPassword: !state.showPassword };
    case 'certifiedChanged':
      return { ...state, certified: event.certified };
    case 'submitTried':
      return { ...state, attempted: true };
    case 'callStarted':
      return { ...state, busy: true, problem: null, notice: null };
    case 'callFailed':
      return { ...state, busy: false, problem: event.problem };
    case 'noticeShown':
      return { ...state, busy: false, problem: null, notice: event.notice };
    case 'stepReached':
      return {
        ...state,
        step: event.step,
        code: '',
        password: '',
        retypedPassword: '',
        certified: false,
        attempted: false,
        busy: false,
        problem: null,
        notice: event.notice ?? null,
        verificationToken: event.verificationToken !== undefined ? event.verificationToken : state.verificationToken,
        emailVerified: event.emailVerified ?? state.emailVerified,
      };
    case 'cancelled':
      // docs/product.md §Sign-in: cancelling resets to Initial and clears all fields.
      return initialEmailAuthState();
  }
}
