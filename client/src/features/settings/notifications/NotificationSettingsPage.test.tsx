import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { NotificationPreferencesQuery, UpdateNotificationPreferenceInput } from '@gql/graphql';
import { FakeGraphQLError } from '@test/fakeGraphQL';
import { fakeSession } from '@test/fakeSession';
import { renderApp } from '@test/renderApp';

type Preference = NonNullable<NonNullable<NotificationPreferencesQuery['viewer']>['notificationPreferences']>[number];

const DEFAULTS: Preference[] = [
  { __typename: 'NotificationPreference', kind: 'CREDITS', delivery: 'MAIL_NOW', isDefault: true },
  { __typename: 'NotificationPreference', kind: 'TEAMS', delivery: 'DIGEST', isDefault: true },
  { __typename: 'NotificationPreference', kind: 'PROJECTS', delivery: 'MAIL_NOW', isDefault: true },
  { __typename: 'NotificationPreference', kind: 'JOBS', delivery: 'MAIL_NOW', isDefault: true },
  { __typename: 'NotificationPreference', kind: 'MESSAGES', delivery: 'MAIL_NOW', isDefault: true },
  { __typename: 'NotificationPreference', kind: 'MILESTONES', delivery: 'DIGEST', isDefault: true },
  { __typename: 'NotificationPreference', kind: 'PRODUCT_NEWS', delivery: 'IN_APP', isDefault: true },
];

function answers(saved: UpdateNotificationPreferenceInput[], refuse = false) {
  return {
    ...fakeSession({ username: 'maya', termsAcknowledged: true }).answers,
    NotificationPreferences: { __typename: 'Query', viewer: { __typename: 'User', id: '1', notificationPreferences: DEFAULTS } },
    UpdateNotificationPreference: (variables: Record<string, unknown>) => {
      const input = variables.input as UpdateNotificationPreferenceInput;
      if (refuse) throw new FakeGraphQLError('You are not signed in.', 'UNAUTHENTICATED');
      saved.push(input);
      return { __typename: 'Mutation', updateNotificationPreference: { __typename: 'UpdateNotificationPreferencePayload', notificationPreference: { __typename: 'NotificationPreference', ...input, isDefault: false } } };
    },
  } as const;
}

describe('/settings/notifications', () => {
  it('shows each kind as a labelled radio group and saves a choice at once', async () => {
    const saved: UpdateNotificationPreferenceInput[] = [];
    renderApp('/settings/notifications', answers(saved));
    const credits = await screen.findByRole('radiogroup', { name: 'Credits' });
    expect((within(credits).getByRole('radio', { name: 'By mail at once' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('radiogroup').map((group) => within(group).getAllByRole('radio').length)).toEqual([4, 4, 4, 4, 4, 4, 4]);

    await userEvent.setup().click(within(credits).getByRole('radio', { name: 'Off' }));
    await waitFor(() => expect(saved).toEqual([{ kind: 'CREDITS', delivery: 'OFF' }]));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Credits: Off. Saved.'));
    expect((within(credits).getByRole('radio', { name: 'Off' }) as HTMLInputElement).checked).toBe(true);
  });

  it('says why when a choice is refused', async () => {
    renderApp('/settings/notifications', answers([], true));
    const jobs = await screen.findByRole('radiogroup', { name: 'Jobs' });
    await userEvent.setup().click(within(jobs).getByRole('radio', { name: 'Daily digest' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('You are not signed in.'));
  });
});
