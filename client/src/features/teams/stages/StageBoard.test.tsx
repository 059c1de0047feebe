import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BoardCreatorFragment, MoveTeamCreatorMutation, TeamBoardQuery } from '@gql/graphql';
import { createFakeGraphQL, FakeGraphQLError, type FakeAnswers } from '@test/fakeGraphQL';
import { ToastProvider } from '@ui/ToastProvider';
import { TeamToolsContext, type TeamTools } from '../teamTools';
import { StageBoard } from './StageBoard';

const STAGES = [
  { id: 'U3RhZ2U6MQ==', name: 'Sourced' },
  { id: 'U3RhZ2U6Mg==', name: 'Contacted' },
  { id: 'U3RhZ2U6Mw==', name: 'Hired' },
] as const;

const INES: BoardCreatorFragment = {
  __typename: 'TeamCreator',
  id: 'VGVhbUNyZWF0b3I6MQ==',
  movedAt: '2026-11-20T10:00:00.000Z',
  user: { __typename: 'User', id: 'VXNlcjoy', databaseId: 2, username: 'ines', name: 'Ines Invitee', avatarUrl: null },
  sourcing: { __typename: 'TeamCreatorSourcing', followers: 1200, location: null, projects: 1, collaborators: 0, commentCount: 0, topRole: null },
};

/** The board with Ines in the stage `inStage`. */
function board(inStage: string): TeamBoardQuery {
  return {
    __typename: 'Query',
    team: {
      __typename: 'Team',
      id: 'VGVhbTo5',
      stages: STAGES.map((stage, position) => {
        const nodes = stage.id === inStage ? [INES] : [];
        return { __typename: 'TeamStage', ...stage, position, creators: { __typename: 'TeamCreatorConnection', totalCount: nodes.length, nodes } };
      }),
    },
  };
}

const TOOLS: TeamTools = { teamId: 'VGVhbTo5', teamNumber: 9, manage: true, upgradeCheck: () => true, showUpgrade: () => {} };

/** A fake server holding Ines's stage; `refuse` makes it turn every move down. */
function renderBoard({ refuse = false } = {}) {
  let stageOfInes: string = STAGES[0].id;
  const moves: unknown[] = [];
  const answers = {
    TeamBoard: () => board(stageOfInes),
    MoveTeamCreator: (variables: Record<string, unknown>): MoveTeamCreatorMutation => {
      moves.push(variables.input);
      if (refuse) throw new FakeGraphQLError('Only the team’s manager can do that.', 'UNPROCESSABLE');
      const { stageId } = variables.input as { stageId: string };
      stageOfInes = stageId;
      return {
        __typename: 'Mutation',
        moveTeamCreator: { __typename: 'MoveTeamCreatorPayload', creator: { __typename: 'TeamCreator', id: INES.id, movedAt: '2026-11-21T10:00:00.000Z', stage: { __typename: 'TeamStage', id: stageId } } },
      };
    },
  } as unknown as FakeAnswers;
  const fake = createFakeGraphQL(answers);
  render(
    <ApolloProvider client={fake.client}>
      <ToastProvider>
        <TeamToolsContext.Provider value={TOOLS}>
          <StageBoard teamId={TOOLS.teamId} />
        </TeamToolsContext.Provider>
      </ToastProvider>
    </ApolloProvider>,
  );
  return { moves };
}

const column = (name: string) => within(screen.getByRole('listitem', { name }));

describe('StageBoard by keyboard', () => {
  it('moves a card with its stage select and keeps the focus on that select in the new column', async () => {
    const user = userEvent.setup();
    const { moves } = renderBoard();
    await screen.findByRole('listitem', { name: 'Sourced' });
    const select = await column('Sourced').findByRole<HTMLSelectElement>('combobox', { name: 'Stage of Ines Invitee' });
    expect(Array.from(select.options, (option) => option.text)).toEqual(['Sourced', 'Contacted', 'Hired']);

    select.focus();
    await user.selectOptions(select, 'Contacted');
    const moved = await column('Contacted').findByRole<HTMLSelectElement>('combobox', { name: 'Stage of Ines Invitee' });
    expect(column('Sourced').queryByTestId('board-creator')).toBeNull();
    expect(moves).toEqual([{ creatorId: INES.id, stageId: STAGES[1].id }]);
    expect(moved.value).toBe(STAGES[1].id);
    await waitFor(() => expect(document.activeElement).toBe(moved));

    // And on from there, still without a mouse.
    await user.selectOptions(moved, 'Hired');
    const hired = await column('Hired').findByRole('combobox', { name: 'Stage of Ines Invitee' });
    await waitFor(() => expect(document.activeElement).toBe(hired));
  });

  it('leaves a refused card where it was, its select showing that stage and still focused', async () => {
    const user = userEvent.setup();
    const { moves } = renderBoard({ refuse: true });
    await screen.findByRole('listitem', { name: 'Sourced' });
    const select = await column('Sourced').findByRole<HTMLSelectElement>('combobox', { name: 'Stage of Ines Invitee' });
    select.focus();
    await user.selectOptions(select, 'Hired');
    expect(await screen.findByText('Only the team’s manager can do that.')).toBeTruthy();
    expect(moves).toHaveLength(1);
    await waitFor(() => expect(select.value).toBe(STAGES[0].id));
    expect(column('Sourced').getByTestId('board-creator')).toBeTruthy();
    expect(document.activeElement).toBe(select);
  });
});
