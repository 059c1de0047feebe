import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import * as MESSAGES from '@domain/messages';
import { renderApp } from '@test/renderApp';
import { DEFAULT_PROVIDERS, fail, fakeAuthApi, type FakeCall } from '@test/fakeAuthApi';
import { fakeSession } from '@test/fakeSession';
import { CURRENT_TERMS } from '@domain/terms';

afterEach(() => {
  vi.unstubAllGlobals();
});

const EMAIL = 'maya@example.com';
const newAddress = { data: { exists: false, verified: false, providers: [] } };
const existingAddress = (verified: boolean) => ({ data: { exists: true, verified, providers: [] } });

function form() {
  return screen.getByRole('form');
}

async function nextEnabled() {
  const next = await screen.findByRole('button', { name: 'Next' });
  await waitFor(() => expect((next as HTMLButtonElement).disabled).toBe(false));
  return next;
}

async function enterEmail(user: ReturnType<typeof userEvent.setup>, email = EMAIL) {
  const next = await nextEnabled();
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(next);
}

/** The error under a field, found the way assistive technology finds it. */
function errorOf(label: string): string | null {
  const input = screen.getByLabelText(label);
  const ids = input.getAttribute('aria-describedby');
  if (!ids) return null;
  return ids
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('email form: Initial step', () => {
  it('has the sign-up title, and Next stays disabled until the development captcha passes', async () => {
    let passCaptcha!: () => void;
    const api = fakeAuthApi({
      'POST /auth/google/captcha': () => new Promise((resolve) => (passCaptcha = () => resolve({ data: { success: true } }))),
    });
    renderApp('/signup', fakeSession().answers);

    expect(await screen.findByRole('heading', { name: 'Sign up with Email' })).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await waitFor(() => expect(api.to('POST /auth/google/captcha')).toHaveLength(1));
    expect(api.to('POST /auth/google/captcha')[0]?.body).toEqual({ token: 'development' });
    passCaptcha();
    await waitFor(() => expect(next.disabled).toBe(false));
    // No site key configured: nothing is loaded from Google.
    expect(document.querySelector('script[src*="recaptcha"]')).toBeNull();
  });

  it('keeps Next disabled and says so when the captcha fails', async () => {
    fakeAuthApi({ 'POST /auth/google/captcha': fail(400, MESSAGES.captchaFailed) });
    renderApp('/signin', fakeSession().answers);
    expect(await screen.findByText(MESSAGES.captchaFailed)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('loads reCAPTCHA v3 only when a site key is configured, and hides its badge', async () => {
    fakeAuthApi({ 'GET /auth/providers': { data: { ...DEFAULT_PROVIDERS, captchaSiteKey: 'site-key-1' } } });
    renderApp('/signin', fakeSession().answers);
    await waitFor(() => expect(document.querySelector('script[src="https://www.google.com/recaptcha/api.js?render=site-key-1"]')).not.toBeNull());
    expect(screen.getByText(/This site is protected by reCAPTCHA/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows "Email is required" and "Invalid email address" under the field', async () => {
    const user = userEvent.setup();
    const api = fakeAuthApi({});
    renderApp('/signup', fakeSession().answers);
    await user.click(await nextEnabled());
    expect(errorOf('Email')).toBe(MESSAGES.emailRequired);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');

    await user.type(screen.getByLabelText('Email'), 'maya@');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(errorOf('Email')).toBe(MESSAGES.invalidEmailAddress);
    expect(api.to('GET /auth/email/check')).toHaveLength(0);
  });
});

describe('email form: a new address (Initial → VerifyCode → SignUp)', () => {
  function newAccountApi(extra: Record<string, Parameters<typeof fakeAuthApi>[0][string]> = {}) {
    return fakeAuthApi({
      'GET /auth/email/check': newAddress,
      'PUT /users/verify': { data: { message: MESSAGES.codeSent } },
      'POST /users/verify': (call: FakeCall) => (call.body?.code === '123456' ? { data: { token: 'proof-1' } } : fail(400, MESSAGES.codeInvalid)),
      ...extra,
    });
  }

  it('mails a code, checks it (rules and server answer), and re-sends it', async () => {
    const user = userEvent.setup();
    const api = newAccountApi();
    renderApp('/signup?returnTo=%2Fexplore', fakeSession().answers);
    await enterEmail(user);

    expect(await screen.findByText(MESSAGES.codeSent)).toBeTruthy();
    expect(api.to('GET /auth/email/check')[0]?.query.get('email')).toBe(EMAIL);
    expect(api.to('PUT /users/verify')[0]?.body).toEqual({ email: EMAIL, returnTo: '/explore' });
    const code = screen.getByLabelText('Verification code');
    expect(document.activeElement).toBe(code);
    expect(form().getAttribute('data-step')).toBe('VerifyCode');

    await user.type(code, '123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(errorOf('Verification code')).toBe(MESSAGES.codeTooShort);
    expect(api.to('POST /users/verify')).toHaveLength(0);

    await user.type(code, '999');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.codeInvalid);

    await user.click(screen.getByRole('button', { name: 'Re-send verification email' }));
    await waitFor(() => expect(api.to('PUT /users/verify')).toHaveLength(2));
    expect(await screen.findByText(MESSAGES.codeSent)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Sign up with Email' })).toBeTruthy();
    expect(form().getAttribute('data-step')).toBe('SignUp');
    expect(api.to('POST /users/verify').at(-1)?.body).toEqual({ email: EMAIL, code: '123456' });
  });

  it('SignUp: password rules, show/hide, Submit only once certified, then /signup/username with welcome', async () => {
    const user = userEvent.setup();
    const session = fakeSession();
    const api = newAccountApi({
      'POST /auth/email/signup': () => {
        session.signIn({ username: null, termsAcknowledged: false });
        return { data: { user: { id: 7, username: null, termsAcknowledged: false }, isNewUser: true } };
      },
    });
    const { router } = renderApp('/signup?returnTo=%2Fexplore', session.answers);
    await enterEmail(user);
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    const password = await screen.findByLabelText('Password');
    await waitFor(() => expect(document.activeElement).toBe(password));
    const submit = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    const privacy = screen.getByRole('link', { name: 'Privacy Policy' });
    const terms = screen.getByRole('link', { name: 'Terms of Service' });
    expect(privacy.getAttribute('href')).toBe('/privacy');
    expect(terms.getAttribute('href')).toBe('/terms');
    await user.click(screen.getByRole('checkbox', { name: /I certify/ }));
    expect(submit.disabled).toBe(false);

    await user.type(password, 'short');
    await user.type(screen.getByLabelText('Retype password'), 'other');
    await user.click(submit);
    expect(errorOf('Password')).toBe(MESSAGES.passwordTooShort);
    expect(errorOf('Retype password')).toBe(MESSAGES.passwordsDoNotMatch);

    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('checkbox', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByLabelText('Retype password').getAttribute('type')).toBe('text');

    await user.clear(password);
    await user.type(password, 'correct horse');
    await user.clear(screen.getByLabelText('Retype password'));
    await user.type(screen.getByLabelText('Retype password'), 'correct horse');
    await user.click(submit);

    await waitFor(() => expect(router.location.pathname).toBe('/signup/username'));
    expect(new URLSearchParams(router.location.search).get('returnTo')).toBe('/explore');
    expect(new URLSearchParams(router.location.search).get('welcome')).toBe('1');
    expect(api.to('POST /auth/email/signup')[0]?.body).toEqual({ email: EMAIL, password: 'correct horse', token: 'proof-1', termsVersion: CURRENT_TERMS.id });
    expect(session.viewerRequests).toBeGreaterThan(1);
  });

  it('shows "Sending email verification failed" with its advice', async () => {
    const user = userEvent.setup();
    fakeAuthApi({
      'GET /auth/email/check': newAddress,
      'PUT /users/verify': fail(422, MESSAGES.emailVerificationFailed, { advice: MESSAGES.emailVerificationAdvice }),
    });
    renderApp('/signup', fakeSession().answers);
    await enterEmail(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.emailVerificationFailed);
    expect(alert.textContent).toContain(MESSAGES.emailVerificationAdvice);
    expect(form().getAttribute('data-step')).toBe('Initial');
  });

  it('goes straight to SignUp when returning to a team invitation', async () => {
    const user = userEvent.setup();
    const api = fakeAuthApi({});
    renderApp('/signup?returnTo=%2Fteams%2Faccept%2Fabc123', fakeSession().answers);
    await enterEmail(user);
    expect(await screen.findByLabelText('Retype password')).toBeTruthy();
    expect(form().getAttribute('data-step')).toBe('SignUp');
    expect(api.to('GET /auth/email/check')).toHaveLength(0);
    expect(api.to('PUT /users/verify')).toHaveLength(0);
  });

  async function submitInvitedSignUp(user: ReturnType<typeof userEvent.setup>) {
    await user.type(await screen.findByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText('Retype password'), 'correct horse');
    await user.click(screen.getByRole('checkbox', { name: /I certify/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
  }

  it('sends the invitation code as the proof of the address', async () => {
    const user = userEvent.setup();
    const api = fakeAuthApi({ 'POST /auth/email/signup': { data: { user: { id: 7, username: null, termsAcknowledged: false }, isNewUser: true } } });
    renderApp('/signup?returnTo=%2Fteams%2Faccept%2Fabc123', fakeSession().answers);
    await enterEmail(user);
    await submitInvitedSignUp(user);
    await waitFor(() => expect(api.to('POST /auth/email/signup')).toHaveLength(1));
    expect(api.to('POST /auth/email/signup')[0]?.body).toEqual({ email: EMAIL, password: 'correct horse', token: null, invitationCode: 'abc123', termsVersion: CURRENT_TERMS.id });
  });

  it('mails a code instead when the invitation was sent to another address', async () => {
    const user = userEvent.setup();
    const api = fakeAuthApi({
      'POST /auth/email/signup': fail(400, MESSAGES.invitationNotForAddress, { proof: 'invitation' }),
      'PUT /users/verify': { data: { message: MESSAGES.codeSent } },
    });
    renderApp('/signup?returnTo=%2Fteams%2Faccept%2Fabc123', fakeSession().answers);
    await enterEmail(user);
    await submitInvitedSignUp(user);
    expect(await screen.findByLabelText('Verification code')).toBeTruthy();
    expect(form().getAttribute('data-step')).toBe('VerifyCode');
    expect(api.to('PUT /users/verify')).toHaveLength(1);
  });

  it('says an address of a Google-only account should use Google, with the button', async () => {
    const user = userEvent.setup();
    fakeAuthApi({ 'GET /auth/email/check': { data: { exists: false, verified: false, providers: ['google'] } } });
    renderApp('/signup', fakeSession().answers);
    await enterEmail(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.useGoogleSignIn);
    expect(within(alert).getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
  });

  it('says an address of an Apple-only account should use Apple, with the button', async () => {
    const user = userEvent.setup();
    fakeAuthApi({
      'GET /auth/providers': { data: { ...DEFAULT_PROVIDERS, apple: true } },
      'GET /auth/email/check': { data: { exists: false, verified: false, providers: ['apple'] } },
    });
    renderApp('/signup', fakeSession().answers);
    await enterEmail(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.useAppleSignIn);
    expect(within(alert).getByRole('button', { name: 'Continue with Apple' })).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });
});

describe('email form: an existing address (Initial → SignIn)', () => {
  it('signs in with the password and goes to returnTo', async () => {
    const user = userEvent.setup();
    const session = fakeSession();
    const api = fakeAuthApi({
      'GET /auth/email/check': existingAddress(false),
      'POST /auth/email/signin': (call) => {
        if (call.body?.password !== 'right password') return fail(401, MESSAGES.wrongEmailOrPassword);
        session.signIn({ username: 'maya' });
        return { data: { user: { id: 7, username: 'maya', termsAcknowledged: true } } };
      },
    });
    const { router } = renderApp('/signin?returnTo=%2Fposts%2F42', session.answers);
    await enterEmail(user);

    expect(await screen.findByRole('heading', { name: 'Sign in with Email' })).toBeTruthy();
    expect(form().getAttribute('data-step')).toBe('SignIn');
    // The address is not verified: no magic link on offer.
    expect(screen.queryByRole('button', { name: 'Send Magic Link' })).toBeNull();
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(document.activeElement).toBe(password));

    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(errorOf('Password')).toBe(MESSAGES.passwordTooShort);

    await user.type(password, 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.wrongEmailOrPassword);

    await user.clear(password);
    await user.type(password, 'right password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.location.pathname).toBe('/posts/42'));
    expect(api.to('POST /auth/email/signin').at(-1)?.body).toEqual({ email: EMAIL, password: 'right password' });
  });

  it('mails a reset link from "Forgot password?" and a magic link when the address is verified', async () => {
    const user = userEvent.setup();
    const api = fakeAuthApi({
      'GET /auth/email/check': existingAddress(true),
      'POST /auth/password/reset': { data: { message: MESSAGES.emailSent } },
      'POST /auth/email/magicLink': { data: { message: MESSAGES.emailSent } },
    });
    renderApp('/signin?returnTo=%2Flists', fakeSession().answers);
    await enterEmail(user);

    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByText(MESSAGES.emailSent)).toBeTruthy();
    expect(api.to('POST /auth/password/reset')[0]?.body).toEqual({ email: EMAIL });

    await user.click(screen.getByRole('button', { name: 'Send Magic Link' }));
    await waitFor(() => expect(api.to('POST /auth/email/magicLink')).toHaveLength(1));
    expect(api.to('POST /auth/email/magicLink')[0]?.body).toEqual({ email: EMAIL, returnTo: '/lists' });
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.emailSent);
  });

  it.each([
    [404, MESSAGES.signInUserNotFound],
    [400, MESSAGES.invalidEmail],
    [500, MESSAGES.somethingWentWrong],
    [429, MESSAGES.tooManyAttempts],
  ])('shows the server message of a %i sign-in failure as given', async (status, message) => {
    const user = userEvent.setup();
    fakeAuthApi({ 'GET /auth/email/check': existingAddress(false), 'POST /auth/email/signin': fail(status, message) });
    renderApp('/signin', fakeSession().answers);
    await enterEmail(user);
    await user.type(await screen.findByLabelText('Password'), 'secret password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('turns a 500 "unexpected error" into "Something went wrong"', async () => {
    const user = userEvent.setup();
    fakeAuthApi({ 'GET /auth/email/check': fail(500, MESSAGES.unexpected) });
    renderApp('/signin', fakeSession().answers);
    await enterEmail(user);
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.somethingWentWrong);
  });

  it('shows the guidance and Twitter button for a 409 naming the provider', async () => {
    const user = userEvent.setup();
    fakeAuthApi({ 'GET /auth/email/check': existingAddress(false), 'POST /auth/email/signin': fail(409, MESSAGES.useTwitterSignIn, { provider: 'twitter' }) });
    renderApp('/signin', fakeSession().answers);
    await enterEmail(user);
    await user.type(await screen.findByLabelText('Password'), 'secret password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.useTwitterSignIn);
    expect(within(alert).getByRole('button', { name: 'Continue with Twitter' })).toBeTruthy();
  });

  it('shows the notice of a sign-up that hit an existing address with another password', async () => {
    const user = userEvent.setup();
    fakeAuthApi({ 'POST /auth/email/signup': fail(401, MESSAGES.signUpExistingEmail) });
    renderApp('/signup?returnTo=%2Fteams%2Faccept%2Fabc123', fakeSession().answers);
    await enterEmail(user);
    await user.type(await screen.findByLabelText('Password'), 'secret password');
    await user.type(screen.getByLabelText('Retype password'), 'secret password');
    await user.click(screen.getByRole('checkbox', { name: /I certify/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.signUpExistingEmail);
  });

  it('never follows a returnTo of another site', async () => {
    const user = userEvent.setup();
    const session = fakeSession();
    fakeAuthApi({
      'GET /auth/email/check': existingAddress(false),
      'POST /auth/email/signin': () => {
        session.signIn();
        return { data: { user: { id: 1, username: 'janedoe', termsAcknowledged: true } } };
      },
    });
    const { router } = renderApp('/signin?returnTo=%2F%2Fevil.example%2Fphish', session.answers);
    await enterEmail(user);
    await user.type(await screen.findByLabelText('Password'), 'secret password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.location.pathname).toBe('/'));
  });
});

describe('email form: starting over', () => {
  it('clearing the email goes back to Initial with every field cleared', async () => {
    const user = userEvent.setup();
    fakeAuthApi({ 'GET /auth/email/check': existingAddress(true) });
    renderApp('/signin', fakeSession().answers);
    await enterEmail(user);
    await user.type(await screen.findByLabelText('Password'), 'half typed');

    await user.clear(screen.getByLabelText('Email'));
    expect(form().getAttribute('data-step')).toBe('Initial');
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('heading', { name: 'Sign in with Email' })).toBeTruthy();
  });

  it('Back on a later step resets to Initial, clears all fields and focuses the email', async () => {
    const user = userEvent.setup();
    fakeAuthApi({ 'GET /auth/email/check': newAddress, 'PUT /users/verify': { data: { message: MESSAGES.codeSent } } });
    const { router } = renderApp('/signup', fakeSession().answers);
    await enterEmail(user);
    await user.type(await screen.findByLabelText('Verification code'), '12');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(form().getAttribute('data-step')).toBe('Initial');
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('');
    expect(document.activeElement).toBe(email);
    expect(screen.queryByText(MESSAGES.codeSent)).toBeNull();
    expect(router.location.pathname).toBe('/signup');

    // Back on the first step leaves the form.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.location.pathname).toBe('/'));
  });
});
