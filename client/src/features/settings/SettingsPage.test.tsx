import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as MESSAGES from '@domain/messages';
import type { SettingsViewerQuery, UpdateSettingsInput } from '@gql/graphql';
import { FakeGraphQLError, type FakeAnswers } from '@test/fakeGraphQL';
import { fakeSession } from '@test/fakeSession';
import { renderApp } from '@test/renderApp';

type SettingsViewer = NonNullable<SettingsViewerQuery['viewer']>;

const MAYA: SettingsViewer = {
  __typename: 'User',
  id: '1',
  username: 'maya',
  name: 'Maya Lin',
  email: 'maya@example.test',
  userType: 'CREATOR',
  termsAcknowledged: true,
  avatarUrl: '/media/users/1/avatar?v=ab12cd34',
  bio: null,
  website: null,
  locationName: null,
  locationGeohash: null,
};

function account(viewer: SettingsViewer = MAYA, extra: FakeAnswers = {}) {
  const saved: UpdateSettingsInput[] = [];
  const answers: FakeAnswers = {
    ...fakeSession({ username: viewer.username, termsAcknowledged: viewer.termsAcknowledged }).answers,
    SettingsViewer: { __typename: 'Query', viewer },
    PersonalAccessTokens: { __typename: 'Query', personalAccessTokens: { __typename: 'PersonalAccessTokenConnection', nodes: [] } },
    SettingsWebhooks: { __typename: 'Query', webhooks: { __typename: 'WebhookConnection', nodes: [] } },
    SettingsUpdate: (variables) => {
      const input = variables.input as UpdateSettingsInput;
      saved.push(input);
      return {
        __typename: 'Mutation',
        updateSettings: {
          __typename: 'UpdateSettingsPayload',
          user: {
            __typename: 'User',
            id: viewer.id,
            username: input.username ?? viewer.username,
            name: input.name ?? viewer.name,
            userType: input.userType ?? viewer.userType,
            termsAcknowledged: viewer.termsAcknowledged || input.acknowledgeTerms === true,
            bio: input.bio || null,
            website: input.website || null,
            locationName: input.location?.name ?? null,
            locationGeohash: input.location?.geohash ?? null,
          },
        },
      };
    },
    ...extra,
  };
  return { answers, saved };
}

describe('/settings', () => {
  it('shows the picture and saves the profile with a place picked from the city list', async () => {
    const user = userEvent.setup();
    const { answers, saved } = account();
    renderApp('/settings', answers);

    const picture = await screen.findByAltText('Your profile picture');
    expect(picture.getAttribute('src')).toBe('/media/users/1/avatar?v=ab12cd34&w=160');
    await user.type(screen.getByLabelText('Bio'), 'Director and editor.');
    await user.type(screen.getByLabelText('Website'), 'mayalin.example.com');
    await user.type(screen.getByLabelText('Location'), 'sao pa');
    await user.click(await screen.findByRole('option', { name: 'São Paulo, Brazil' }));
    expect((screen.getByLabelText('Location') as HTMLInputElement).value).toBe('São Paulo, Brazil');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Your settings were saved.');
    expect(saved).toEqual([
      {
        username: 'maya',
        name: 'Maya Lin',
        userType: 'CREATOR',
        bio: 'Director and editor.',
        website: 'mayalin.example.com',
        location: { name: 'São Paulo, Brazil', geohash: expect.stringMatching(/^6gyf[0-9b-hjkmnp-z]{2}$/) as string },
      },
    ]);
  });

  it('checks the username and website as they are typed, with the spec’s words, and does not save', async () => {
    const user = userEvent.setup();
    const { answers, saved } = account();
    renderApp('/settings', answers);
    const username = await screen.findByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'maya lin');
    expect(await screen.findByText(MESSAGES.usernameInvalidCharacters)).toBeTruthy();
    await user.clear(username);
    await user.type(username, 'maya');
    await user.type(screen.getByLabelText('Website'), 'ftp://files.example.com');
    expect(await screen.findByText(MESSAGES.invalidUrl)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([]);
  });

  it('asks for a place from the list when the typed one was not picked', async () => {
    const user = userEvent.setup();
    renderApp('/settings', account().answers);
    await user.type(await screen.findByLabelText('Location'), 'Atlantis');
    await user.tab();
    expect(await screen.findByText('Please pick the place from the list.')).toBeTruthy();
  });

  it('shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const { answers } = account(MAYA, {
      SettingsUpdate: () => {
        throw new FakeGraphQLError(MESSAGES.usernameTaken, 'CONFLICT');
      },
    });
    renderApp('/settings', answers);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.usernameTaken);
  });

  it('finishes an incomplete sign-up: username and terms first, the rest of the page after', async () => {
    const user = userEvent.setup();
    const { answers, saved } = account({ ...MAYA, username: null, termsAcknowledged: false, avatarUrl: null });
    renderApp('/settings', answers);
    expect(await screen.findByText('Choose your username and accept the terms to finish signing up.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Delete account' })).toBeNull();

    await user.type(await screen.findByLabelText('Username'), 'maya.lin');
    await user.click(screen.getByRole('button', { name: 'Finish signing up' }));
    expect(await screen.findByText('Please accept the Terms of Service to finish signing up.')).toBeTruthy();
    expect(saved).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    await user.click(screen.getByRole('button', { name: 'Finish signing up' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ username: 'maya.lin', acknowledgeTerms: true });
  });

  it('links to the login methods, signs out other sessions, and deletes the account after confirming', async () => {
    const user = userEvent.setup();
    const deletions: unknown[] = [];
    const { answers } = account(MAYA, {
      SettingsSignOutOtherSessions: { __typename: 'Mutation', signOutOtherSessions: { __typename: 'SignOutOtherSessionsPayload', signedOutSessionCount: 2, revokedTokenCount: 0 } },
      SettingsDeleteAccount: (variables) => {
        deletions.push(variables.input);
        return { __typename: 'Mutation', deleteAccount: { __typename: 'DeleteAccountPayload', deletedUserId: 'VXNlcjox' } };
      },
    });
    const { router } = renderApp('/settings', answers);

    expect((await screen.findByRole('link', { name: 'Manage login methods' })).getAttribute('href')).toBe('/settings/login');
    expect(await screen.findByText('maya@example.test')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Sign out of other sessions' }));
    expect(await screen.findByText('Signed out of 2 other sessions.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletions).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(deletions).toEqual([{ confirm: true }]));
    await waitFor(() => expect(router.location.pathname).not.toBe('/settings'));
  });
});
