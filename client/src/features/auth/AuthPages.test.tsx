import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as MESSAGES from '@domain/messages';
import { renderApp } from '@test/renderApp';
import { PASSWORD_CHANGED_PAUSE_MS } from './NewPasswordForm';
import { fail, fakeAuthApi } from '@test/fakeAuthApi';
import { fakeSession } from '@test/fakeSession';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}

describe('/signin', () => {
  it('offers sign-up, keeping returnTo', async () => {
    fakeAuthApi({});
    renderApp('/signin?returnTo=%2Fexplore', fakeSession().answers);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    const footer = screen.getByText(/Don't have an account\?/);
    expect(footer.textContent).toBe("Don't have an account? Sign Up (Free!)");
    expect(screen.getByRole('link', { name: 'Sign Up (Free!)' }).getAttribute('href')).toBe('/signup?returnTo=%2Fexplore');
  });

  it('shows the message of ?error=', async () => {
    fakeAuthApi({});
    renderApp(`/signin?error=${encodeURIComponent(MESSAGES.twitterAlreadyLinked)}`, fakeSession().answers);
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.twitterAlreadyLinked);
  });

  it('w=email starts in the email field', async () => {
    fakeAuthApi({});
    renderApp('/signin?w=email', fakeSession().answers);
    const email = await screen.findByLabelText('Email');
    await waitFor(() => expect(document.activeElement).toBe(email));
  });

  it('?magic= signs in with the link and goes where the link says', async () => {
    const session = fakeSession();
    const answer = deferred<{ data: unknown }>();
    const api = fakeAuthApi({ 'POST /auth/email/signin/magic': () => answer.promise });
    const { router } = renderApp('/signin?magic=tok-123', session.answers);
    expect(await screen.findByText('Signing you in…')).toBeTruthy();
    await waitFor(() => expect(api.to('POST /auth/email/signin/magic')).toHaveLength(1));
    expect(api.to('POST /auth/email/signin/magic')[0]?.body).toEqual({ token: 'tok-123' });

    session.signIn({ username: 'maya' });
    answer.resolve({ data: { user: { id: 7, username: 'maya', termsAcknowledged: true }, returnTo: '/lists' } });
    await waitFor(() => expect(router.location.pathname).toBe('/lists'));
    expect(api.to('POST /auth/email/signin/magic')).toHaveLength(1);
  });

  it('?magic= with a spent link says so and offers the way back to the form', async () => {
    const user = userEvent.setup();
    fakeAuthApi({ 'POST /auth/email/signin/magic': fail(400, MESSAGES.linkInvalid) });
    const { router } = renderApp('/signin?magic=old&returnTo=%2Fjobs', fakeSession().answers);
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.linkInvalid);
    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    await waitFor(() => expect(router.location.search).toBe('?returnTo=%2Fjobs'));
    expect(await screen.findByRole('heading', { name: 'Sign in with Email' })).toBeTruthy();
  });
});

describe('/signup', () => {
  it('offers sign-in, keeping returnTo', async () => {
    fakeAuthApi({});
    renderApp('/signup?returnTo=%2Fexplore', fakeSession().answers);
    expect(await screen.findByRole('heading', { name: 'Sign up with Email' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/signin?returnTo=%2Fexplore');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
  });

  it('sends a signed-in user who finished sign-up on to returnTo', async () => {
    fakeAuthApi({});
    const { router } = renderApp('/signup?returnTo=%2Flists', fakeSession({ termsAcknowledged: true }).answers);
    await waitFor(() => expect(router.location.pathname).toBe('/lists'));
  });

  it('sends a signed-in user without acknowledged terms to finish sign-up', async () => {
    fakeAuthApi({});
    const { router } = renderApp('/signup?returnTo=%2Flists', fakeSession({ username: null, termsAcknowledged: false }).answers);
    await waitFor(() => expect(router.location.pathname).toBe('/signup/username'));
    expect(router.location.search).toBe('?returnTo=%2Flists');
  });
});

describe('/signout', () => {
  it('says it is signing out, ends the session, forgets the viewer and goes home', async () => {
    const session = fakeSession({ username: 'maya' });
    const answer = deferred<{ data: unknown }>();
    const api = fakeAuthApi({ 'POST /auth/signout': () => answer.promise });
    const { router } = renderApp('/signout', session.answers);
    expect(await screen.findByText('Signing you out…')).toBeTruthy();
    await waitFor(() => expect(api.to('POST /auth/signout')).toHaveLength(1));

    session.signOut();
    answer.resolve({ data: { signedOut: true } });
    await waitFor(() => expect(router.location.pathname).toBe('/'));
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Sign In' })).toBeTruthy();
  });
});

describe('/reset-password', () => {
  it('without a token, mails the reset link', async () => {
    const user = userEvent.setup();
    const api = fakeAuthApi({ 'POST /auth/password/reset': { data: { message: MESSAGES.emailSent } } });
    renderApp('/reset-password', fakeSession().answers);
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText(MESSAGES.emailRequired)).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'maya@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(MESSAGES.emailSent)).toBeTruthy();
    expect(api.to('POST /auth/password/reset')[0]?.body).toEqual({ email: 'maya@example.com' });
  });

  it('with a token, sets the new password (5.3 rules), signs in and moves on', async () => {
    // The pause before moving on is counted on the test's clock, not waited out for real.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const session = fakeSession();
    const api = fakeAuthApi({
      'POST /auth/password/reset/confirm': () => {
        session.signIn({ username: 'maya' });
        return { data: { user: { id: 7, username: 'maya' }, message: MESSAGES.passwordChanged } };
      },
    });
    const { router } = renderApp('/reset-password?token=reset-1&returnTo=%2Flists', session.answers);
    const password = await screen.findByLabelText('New password');
    await user.type(password, 'abc');
    await user.type(screen.getByLabelText('Retype password'), 'abd');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText(MESSAGES.passwordTooShort)).toBeTruthy();
    expect(screen.getByText(MESSAGES.passwordsDoNotMatch)).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    await user.clear(password);
    await user.type(password, 'new secret');
    await user.clear(screen.getByLabelText('Retype password'));
    await user.type(screen.getByLabelText('Retype password'), 'new secret');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText(MESSAGES.passwordChanged)).toBeTruthy();
    expect(api.to('POST /auth/password/reset/confirm')[0]?.body).toEqual({ token: 'reset-1', password: 'new secret' });
    await act(() => vi.advanceTimersByTimeAsync(PASSWORD_CHANGED_PAUSE_MS));
    await waitFor(() => expect(router.location.pathname).toBe('/lists'));
  });

  it('with a spent token, shows the message and a way to ask for a new link', async () => {
    const user = userEvent.setup();
    fakeAuthApi({ 'POST /auth/password/reset/confirm': fail(400, MESSAGES.linkInvalid) });
    renderApp('/reset-password?token=old', fakeSession().answers);
    await user.type(await screen.findByLabelText('New password'), 'new secret');
    await user.type(screen.getByLabelText('Retype password'), 'new secret');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.linkInvalid);
    expect(screen.getByRole('link', { name: 'Send me a new link' }).getAttribute('href')).toBe('/reset-password');
  });
});
