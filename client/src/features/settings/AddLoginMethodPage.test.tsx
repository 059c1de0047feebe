import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as MESSAGES from '@domain/messages';
import type { ViewerLoginMethodsQuery } from '@gql/graphql';
import { FakeGraphQLError } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';
import { leavePageFor } from '@shell/leavePage';
import { fakeAuthApi } from '@test/fakeAuthApi';
import { fakeSession } from '@test/fakeSession';

vi.mock('@shell/leavePage', () => ({ leavePageFor: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(leavePageFor).mockReset();
});

type Method = NonNullable<ViewerLoginMethodsQuery['viewer']>['loginMethods']['nodes'][number];

const EMAIL_LOGIN: Method = { __typename: 'LoginMethod', id: 'TG9naW5NZXRob2Q6MQ==', provider: 'EMAIL', label: 'maya@example.com', createdAt: '2026-11-01T10:00:00.000Z' };
const GOOGLE_LOGIN: Method = { __typename: 'LoginMethod', id: 'TG9naW5NZXRob2Q6Mg==', provider: 'GOOGLE', label: 'Google', createdAt: '2026-11-02T10:00:00.000Z' };

function methodsAnswer(methods: Method[]): ViewerLoginMethodsQuery {
  return { __typename: 'Query', viewer: { __typename: 'User', id: '1', loginMethods: { __typename: 'LoginMethodConnection', nodes: methods } } };
}

/** A signed-in user whose login methods the test can change between fetches. */
function signedInWith(initial: Method[]) {
  let methods = initial;
  const session = fakeSession({ username: 'maya' });
  return {
    answers: { ...session.answers, ViewerLoginMethods: () => methodsAnswer(methods) },
    setMethods(next: Method[]) {
      methods = next;
    },
  };
}

describe('/settings/login', () => {
  it('lists the login methods and never lets the last one go', async () => {
    fakeAuthApi({});
    renderApp('/settings/login', signedInWith([EMAIL_LOGIN]).answers);
    const item = (await screen.findByText('maya@example.com')).closest('li') as HTMLElement;
    expect(item.textContent).toContain('Email');
    expect(item.textContent).toContain('Added Nov 1, 2026');
    expect((within(item).getByRole('button', { name: /Remove/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(MESSAGES.lastLoginMethod)).toBeTruthy();
  });

  it('removes a login method after confirming, and shows a refusal', async () => {
    const user = userEvent.setup();
    fakeAuthApi({});
    const account = signedInWith([EMAIL_LOGIN, GOOGLE_LOGIN]);
    const removed: unknown[] = [];
    let refuse = true;
    renderApp('/settings/login', {
      ...account.answers,
      RemoveLoginMethod: (variables) => {
        if (refuse) throw new FakeGraphQLError(MESSAGES.stopMasqueradingFirst, 'BAD_USER_INPUT');
        removed.push(variables);
        account.setMethods([EMAIL_LOGIN]);
        return { __typename: 'Mutation', removeLoginMethod: { __typename: 'RemoveLoginMethodPayload', removedLoginMethodId: GOOGLE_LOGIN.id } };
      },
    });
    // Google is linked already, so only Twitter can be added.
    expect(await screen.findByRole('button', { name: 'Add Twitter' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Google' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove Google login Google' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.stopMasqueradingFirst);

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Remove Google login Google' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Google', { selector: 'strong' })).toBeNull());
    expect(removed).toEqual([{ input: { loginMethodId: GOOGLE_LOGIN.id } }]);
    expect(await screen.findByRole('button', { name: 'Add Google' })).toBeTruthy();
  });

  it('adds Google through the popup with link=1 and lists it', async () => {
    const user = userEvent.setup();
    const popup = { closed: false, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    fakeAuthApi({});
    const account = signedInWith([EMAIL_LOGIN]);
    renderApp('/settings/login', account.answers);
    await user.click(await screen.findByRole('button', { name: 'Add Google' }));
    expect(open.mock.calls[0]?.[0]).toBe('/api/auth/google?popup=1&returnTo=%2Fsettings%2Flogin&link=1');

    account.setMethods([EMAIL_LOGIN, GOOGLE_LOGIN]);
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { origin: window.location.origin, data: { type: 'byline:auth', ok: true, returnTo: '/settings/login' } }));
    });
    expect(await screen.findByText('Login method added.')).toBeTruthy();
    expect(screen.getByText('Google', { selector: 'strong' })).toBeTruthy();
  });

  it('adds Twitter with a full-page redirect that comes back here', async () => {
    const user = userEvent.setup();
    fakeAuthApi({});
    renderApp('/settings/login', signedInWith([EMAIL_LOGIN]).answers);
    await user.click(await screen.findByRole('button', { name: 'Add Twitter' }));
    expect(leavePageFor).toHaveBeenCalledWith('/api/auth/twitter?link=1&next=%2Fsettings%2Flogin&errorTo=%2Fsettings%2Flogin');
  });

  it('w=email adds an email login (code, then password) and honours returnTo', async () => {
    const user = userEvent.setup();
    const api = fakeAuthApi({
      'GET /auth/email/check': { data: { exists: false, verified: false, providers: ['google'] } },
      'PUT /users/verify': { data: { message: MESSAGES.codeSent } },
      'POST /users/verify': { data: { token: 'proof-9' } },
      'POST /auth/email/signup': { data: { user: { id: 1, username: 'maya' }, isNewUser: false, linked: true } },
    });
    const { router } = renderApp('/settings/login?w=email&returnTo=%2Fsettings', signedInWith([GOOGLE_LOGIN]).answers);
    expect(await screen.findByRole('heading', { name: 'Add an email login' })).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    await waitFor(() => expect(next.disabled).toBe(false));
    await user.type(screen.getByLabelText('Email'), 'maya@example.com');
    await user.click(next);

    // The address is the viewer's own Google one: no "use Google" guidance here.
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.type(await screen.findByLabelText('Password'), 'secret password');
    await user.type(screen.getByLabelText('Retype password'), 'secret password');
    await user.click(screen.getByRole('checkbox', { name: /I certify/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(router.location.pathname).toBe('/settings'));
    expect(api.to('POST /auth/email/signup')[0]?.body).toEqual({ email: 'maya@example.com', password: 'secret password', token: 'proof-9' });
  });

  it('w=email says when the address already signs in to this account', async () => {
    const user = userEvent.setup();
    fakeAuthApi({ 'GET /auth/email/check': { data: { exists: true, verified: true, providers: [] } } });
    renderApp('/settings/login?w=email', signedInWith([EMAIL_LOGIN]).answers);
    const next = (await screen.findByRole('button', { name: 'Next' })) as HTMLButtonElement;
    await waitFor(() => expect(next.disabled).toBe(false));
    await user.type(screen.getByLabelText('Email'), 'Maya@example.com');
    await user.click(next);
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.emailLoginExists);
  });
});
