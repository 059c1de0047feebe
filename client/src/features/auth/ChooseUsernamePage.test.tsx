import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as MESSAGES from '@domain/messages';
import type { AuthViewerQuery, SignUpUsernameCheckQuery } from '@gql/graphql';
import { FakeGraphQLError, type FakeAnswers } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';
import { USERNAME_CHECK_DEBOUNCE_MS } from './FinishSignUpForm';
import { fakeAuthApi } from '@test/fakeAuthApi';
import { fakeSession } from '@test/fakeSession';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

type AuthViewer = NonNullable<AuthViewerQuery['viewer']>;

function authViewer(viewer: Partial<AuthViewer> | null): AuthViewerQuery {
  return {
    __typename: 'Query',
    viewer: viewer && { __typename: 'User', id: '7', username: null, name: 'Maya Lin', userType: null, termsAcknowledged: false, ...viewer },
  };
}

function usernameCheck(available: boolean, message: string | null = null): SignUpUsernameCheckQuery {
  return { __typename: 'Query', usernameAvailable: { __typename: 'UsernameCheck', available, message } };
}

function answers(viewer: Partial<AuthViewer> | null, more: FakeAnswers = {}): FakeAnswers {
  fakeAuthApi({});
  return { ...fakeSession(viewer && { username: null, termsAcknowledged: false }).answers, AuthViewer: authViewer(viewer), ...more };
}

function errorOf(label: string): string | null {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby') ?? '';
  return ids
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join('')
    .trim() || null;
}

describe('/signup/username', () => {
  it('sends a signed-out visitor to sign in first, coming back here', async () => {
    const { router } = renderApp('/signup/username?returnTo=%2Flists&welcome=1', answers(null));
    await waitFor(() => expect(router.location.pathname).toBe('/signin'));
    expect(new URLSearchParams(router.location.search).get('returnTo')).toBe('/signup/username?returnTo=%2Flists&welcome=1');
  });

  it('welcomes a new account; otherwise asks to choose a username, prefilled with the current one', async () => {
    const first = renderApp('/signup/username?welcome=1', answers({}));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Byline!' })).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Maya Lin');
    first.unmount();

    renderApp('/signup/username', answers({ username: 'maya.lin', userType: 'COMPANY' }, { SignUpUsernameCheck: usernameCheck(true) }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your username' })).toBeTruthy();
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('maya.lin');
    expect((screen.getByRole('radio', { name: 'Company' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows both username messages at once, without asking the server', async () => {
    // The pause in typing that starts a check is counted on the test's clock.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const checks: unknown[] = [];
    renderApp('/signup/username', answers({}, { SignUpUsernameCheck: (variables) => (checks.push(variables), usernameCheck(true)) }));
    const username = await screen.findByLabelText('Username');

    await user.type(username, 'a'.repeat(30));
    expect(errorOf('Username')).toBe(MESSAGES.usernameTooLong);
    await user.clear(username);
    await user.type(username, 'maya lin!');
    expect(errorOf('Username')).toBe(MESSAGES.usernameInvalidCharacters);
    expect(username.getAttribute('aria-invalid')).toBe('true');
    // Typing pauses on the invalid name long enough for a check to start, were it to…
    await act(() => vi.advanceTimersByTimeAsync(USERNAME_CHECK_DEBOUNCE_MS));
    // …and the first check the server hears is for the valid name typed next.
    await user.clear(username);
    await user.type(username, 'maya_lin');
    await act(() => vi.advanceTimersByTimeAsync(USERNAME_CHECK_DEBOUNCE_MS));
    expect(await screen.findByText('maya_lin is available.')).toBeTruthy();
    expect(checks).toEqual([{ username: 'maya_lin' }]);
  });

  it('checks a valid username with the server once typing pauses, and shows its answer', async () => {
    const user = userEvent.setup();
    const checks: unknown[] = [];
    renderApp(
      '/signup/username',
      answers({}, {
        SignUpUsernameCheck: (variables) => {
          checks.push(variables);
          return variables.username === 'taken' ? usernameCheck(false, MESSAGES.usernameTaken) : usernameCheck(true);
        },
      }),
    );
    const username = await screen.findByLabelText('Username');
    await user.type(username, 'taken');
    await waitFor(() => expect(errorOf('Username')).toBe(MESSAGES.usernameTaken));
    expect(checks).toEqual([{ username: 'taken' }]);

    await user.clear(username);
    await user.type(username, 'maya_lin');
    expect(await screen.findByText('maya_lin is available.')).toBeTruthy();
    expect(errorOf('Username')).toBe('maya_lin is available.');
    expect(checks).toEqual([{ username: 'taken' }, { username: 'maya_lin' }]);
  });

  it('finishes sign-up: username, then name, type and terms; then goes to returnTo', async () => {
    const user = userEvent.setup();
    const chosen: unknown[] = [];
    const profiles: unknown[] = [];
    const { router } = renderApp(
      '/signup/username?returnTo=%2Flists&welcome=1',
      answers({}, {
        SignUpUsernameCheck: usernameCheck(true),
        SignUpChooseUsername: (variables) => {
          chosen.push(variables);
          return { __typename: 'Mutation', chooseUsername: { __typename: 'ChooseUsernamePayload', user: { __typename: 'User', id: '7', username: String((variables.input as { username: string }).username) } } };
        },
        SignUpFinishProfile: (variables) => {
          profiles.push(variables);
          return { __typename: 'Mutation', updateProfile: { __typename: 'UpdateProfilePayload', user: { __typename: 'User', id: '7', name: 'Maya Studio', userType: 'COMPANY', termsAcknowledged: true } } };
        },
      }),
    );
    await user.type(await screen.findByLabelText('Username'), 'maya_studio');
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Maya Studio');
    await user.click(screen.getByRole('radio', { name: 'Company' }));

    const submit = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    await user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    await user.click(submit);

    await waitFor(() => expect(router.location.pathname).toBe('/lists'));
    expect(chosen).toEqual([{ input: { username: 'maya_studio' } }]);
    expect(profiles).toEqual([{ input: { name: 'Maya Studio', userType: 'COMPANY', acknowledgeTerms: true } }]);
  });

  it('without returnTo goes to the new profile; a refused username is shown under the field', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { router } = renderApp(
      '/signup/username',
      answers({}, {
        SignUpUsernameCheck: usernameCheck(true),
        SignUpChooseUsername: (variables) => {
          attempts++;
          if (attempts === 1) throw new FakeGraphQLError(MESSAGES.usernameTaken);
          return { __typename: 'Mutation', chooseUsername: { __typename: 'ChooseUsernamePayload', user: { __typename: 'User', id: '7', username: String((variables.input as { username: string }).username) } } };
        },
        SignUpFinishProfile: { __typename: 'Mutation', updateProfile: { __typename: 'UpdateProfilePayload', user: { __typename: 'User', id: '7', name: 'Maya Lin', userType: 'CREATOR', termsAcknowledged: true } } },
      }),
    );
    await user.type(await screen.findByLabelText('Username'), 'maya');
    await user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(errorOf('Username')).toBe(MESSAGES.usernameTaken));
    expect(router.location.pathname).toBe('/signup/username');

    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'maya2');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.location.pathname).toBe('/maya2'));
  });

  it('asks for a username when the field is empty', async () => {
    const user = userEvent.setup();
    renderApp('/signup/username', answers({}));
    await user.click(await screen.findByRole('checkbox', { name: /I have read and agree/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(errorOf('Username')).toBe(MESSAGES.usernameRequired);
  });
});
