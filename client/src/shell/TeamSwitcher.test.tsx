import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TeamSwitcherQuery } from '@gql/graphql';
import { notificationCountsAnswer, viewerAnswer } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';

type Membership = TeamSwitcherQuery['viewerTeams']['nodes'][number];

const membership = (id: number, name: string, fields: Partial<Membership> = {}): Membership => ({
  __typename: 'TeamMember',
  id: `TM${id}`,
  role: 'MEMBER',
  status: 'ACTIVE',
  team: { __typename: 'Team', id: `T${id}`, name },
  ...fields,
});

function switcherAnswer(currentTeamId: string | null, nodes: Membership[]): TeamSwitcherQuery {
  return { __typename: 'Query', viewer: { __typename: 'User', id: 'U1', currentTeamId }, viewerTeams: { __typename: 'TeamMemberConnection', nodes } };
}

async function openMenu() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /^Menu/ }));
  return { user, menu: within(await screen.findByRole('navigation', { name: 'Account' })) };
}

describe('the team switcher in the user menu', () => {
  it('shows the current team to someone on two teams, and switches it', async () => {
    let current: string | null = 'T1';
    const asked: unknown[] = [];
    renderApp('/explore', {
      Viewer: viewerAnswer({ username: 'maya' }),
      NotificationCounts: notificationCountsAnswer(0),
      ExplorePosts: { __typename: 'Query', explorePosts: { __typename: 'PostConnection', pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null }, nodes: [] } },
      TeamSwitcher: () => switcherAnswer(current, [membership(1, 'Harbour Films'), membership(2, 'North Studio'), membership(3, 'Invited only', { status: 'INVITED' })]),
      SwitchCurrentTeam: (variables) => {
        asked.push(variables);
        current = (variables.input as { teamId: string }).teamId;
        return { __typename: 'Mutation', setCurrentTeam: { __typename: 'SetCurrentTeamPayload', user: { __typename: 'User', id: 'U1', currentTeamId: current } } };
      },
    });
    const { user, menu } = await openMenu();
    const select = (await menu.findByLabelText('Current team')) as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(['Harbour Films', 'North Studio']);
    expect(select.value).toBe('T1');

    await user.selectOptions(select, 'North Studio');
    await waitFor(() => expect(asked).toEqual([{ input: { teamId: 'T2' } }]));
    await waitFor(() => expect(select.value).toBe('T2'));
  });

  it('is not shown to someone on one team', async () => {
    renderApp('/explore', {
      Viewer: viewerAnswer({ username: 'maya' }),
      NotificationCounts: notificationCountsAnswer(0),
      TeamSwitcher: switcherAnswer(null, [membership(1, 'Harbour Films'), membership(2, 'Left long ago', { status: 'INACTIVE' })]),
    });
    const { menu } = await openMenu();
    await menu.findByRole('link', { name: 'Settings' });
    expect(menu.queryByLabelText('Current team')).toBeNull();
  });
});
