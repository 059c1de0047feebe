import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type {
  CreateProjectDeliverableMutation,
  LinkProjectDeliverablePostMutation,
  ProjectDeliverableAssigneeFragment,
  ProjectDeliverableRowFragment,
  ProjectDeliverablesQuery,
  UpdateProjectDeliverableMutation,
} from '@gql/graphql';
import { MemoryRouter } from '@router';
import { createFakeGraphQL, FakeGraphQLError, type FakeAnswers } from '@test/fakeGraphQL';
import { ToastProvider } from '@ui/ToastProvider';
import DeliverablesTab from './DeliverablesTab';

const PROJECT_ID = 'UHJvamVjdDox';
const TIKTOK = { __typename: 'Network', id: 'TmV0d29yazo1', name: 'tiktok', title: 'TikTok' } as const;
const INSTAGRAM = { __typename: 'Network', id: 'TmV0d29yazoy', name: 'instagram', title: 'Instagram' } as const;

const INES: ProjectDeliverableAssigneeFragment = {
  __typename: 'ProjectCollaborator',
  id: 'UHJvamVjdENvbGxhYm9yYXRvcjox',
  status: 'ACCEPTED',
  isEmailInvitation: false,
  user: { __typename: 'User', id: 'VXNlcjoy', name: 'Ines Editor', username: 'ines' },
  creditRole: { __typename: 'CreditRole', id: 'Q3JlZGl0Um9sZTox', name: 'Director' },
};

function row(id: number, fields: Partial<ProjectDeliverableRowFragment> = {}): ProjectDeliverableRowFragment {
  return { __typename: 'ProjectDeliverable', id: `UHJvamVjdERlbGl2ZXJhYmxlOj${id}`, title: `Deliverable ${id}`, dueOn: '2030-05-01', status: 'TO_DO', postType: 'VIDEO', isOverdue: false, network: TIKTOK, post: null, assignees: [], ...fields };
}

function page(nodes: ProjectDeliverableRowFragment[]): ProjectDeliverablesQuery {
  return {
    __typename: 'Query',
    networks: [INSTAGRAM, TIKTOK],
    node: {
      __typename: 'Project',
      id: PROJECT_ID,
      deliverables: { __typename: 'ProjectDeliverableConnection', totalCount: nodes.length, pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null }, nodes },
    },
  };
}

const ASSIGNABLE = { __typename: 'Query', node: { __typename: 'Project', id: PROJECT_ID, collaborators: { __typename: 'ProjectCollaboratorConnection', nodes: [INES] } } };

function renderTab(answers: Record<string, unknown>, can = { edit: true, manageCollaborators: false, seeCosts: true }) {
  const fake = createFakeGraphQL({ ProjectDeliverableAssignable: ASSIGNABLE, ...answers } as unknown as FakeAnswers);
  render(
    <ApolloProvider client={fake.client}>
      <ToastProvider>
        <MemoryRouter initialEntries={['/projects/abcdefghij~spring']}>
          <DeliverablesTab projectId={PROJECT_ID} publicId="abcdefghij" can={can} />
        </MemoryRouter>
      </ToastProvider>
    </ApolloProvider>,
  );
  return fake;
}

describe('the Deliverables tab', () => {
  it('lists deliverables with status, due date, overdue mark and assignees, read-only for viewers', async () => {
    renderTab({ ProjectDeliverables: page([row(1, { title: 'Teaser', isOverdue: true, dueOn: '2026-01-10', assignees: [INES] }), row(2, { title: 'Launch reel', status: 'PUBLISHED', post: { __typename: 'Post', id: 'UG9zdDo5', databaseId: 9, url: 'https://www.tiktok.com/@a/video/1' } })]) }, { edit: false, manageCollaborators: false, seeCosts: false });
    const teaser = await screen.findByRole('listitem', { name: 'Teaser' });
    expect(within(teaser).getByText('To do')).toBeTruthy();
    expect(within(teaser).getByText(/Overdue/)).toBeTruthy();
    expect(within(teaser).getByText('Assigned to Ines Editor')).toBeTruthy();
    expect(within(teaser).getByText('Jan 10, 2026').getAttribute('datetime')).toBe('2026-01-10');
    const reel = screen.getByRole('listitem', { name: 'Launch reel' });
    expect(within(reel).getByText('Published')).toBeTruthy();
    expect(within(reel).getByRole('link', { name: 'See the published post' }).getAttribute('href')).toBe('/posts/9');
    expect(within(reel).queryByText(/Overdue/)).toBeNull();
    // Viewers change nothing.
    expect(screen.queryByRole('form', { name: 'Add a deliverable' })).toBeNull();
    expect(screen.queryByLabelText('Link the published post')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Status of Teaser' })).toBeNull();
  });

  it('adds a deliverable from the form, by keyboard, with its assignees', async () => {
    const user = userEvent.setup();
    let rows = [row(1)];
    const created: unknown[] = [];
    renderTab({
      ProjectDeliverables: () => page(rows),
      CreateProjectDeliverable: (variables: Record<string, unknown>): CreateProjectDeliverableMutation => {
        created.push(variables.input);
        const made = row(2, { title: 'Cut-down', assignees: [INES], network: INSTAGRAM, postType: 'IMAGE', dueOn: '2030-06-01' });
        rows = [...rows, made];
        return { __typename: 'Mutation', createProjectDeliverable: { __typename: 'CreateProjectDeliverablePayload', deliverable: made } };
      },
    });
    const form = await screen.findByRole('form', { name: 'Add a deliverable' });
    await user.type(within(form).getByLabelText('Title'), 'Cut-down');
    await user.selectOptions(within(form).getByLabelText('Network'), 'Instagram');
    await user.selectOptions(within(form).getByLabelText('Post type'), 'Image');
    await user.type(within(form).getByLabelText('Due date'), '2030-06-01');
    await user.click(within(form).getByRole('checkbox', { name: 'Ines Editor (Director)' }));
    await user.click(within(form).getByRole('button', { name: 'Add deliverable' }));
    expect(await screen.findByRole('listitem', { name: 'Cut-down' })).toBeTruthy();
    expect(created).toEqual([{ projectId: PROJECT_ID, title: 'Cut-down', networkId: INSTAGRAM.id, postType: 'IMAGE', dueOn: '2030-06-01', assigneeIds: [INES.id] }]);
  });

  it('moves a deliverable along and links its published post, saying who was credited', async () => {
    const user = userEvent.setup();
    let current = row(1, { title: 'Teaser' });
    const links: unknown[] = [];
    renderTab({
      ProjectDeliverables: () => page([current]),
      UpdateProjectDeliverable: (variables: Record<string, unknown>): UpdateProjectDeliverableMutation => {
        current = { ...current, status: (variables.input as { status: ProjectDeliverableRowFragment['status'] }).status };
        return { __typename: 'Mutation', updateProjectDeliverable: { __typename: 'UpdateProjectDeliverablePayload', deliverable: current } };
      },
      LinkProjectDeliverablePost: (variables: Record<string, unknown>): LinkProjectDeliverablePostMutation => {
        links.push(variables.input);
        current = { ...current, status: 'PUBLISHED', post: { __typename: 'Post', id: 'UG9zdDo5', databaseId: 9, url: 'https://www.tiktok.com/@a/video/1' } };
        return { __typename: 'Mutation', linkProjectDeliverablePost: { __typename: 'LinkProjectDeliverablePostPayload', deliverable: current, proposedCreditCount: 2, offeredCreditCount: 0 } };
      },
    });
    const teaser = await screen.findByRole('listitem', { name: 'Teaser' });
    await user.selectOptions(within(teaser).getByRole('combobox', { name: 'Status of Teaser' }), 'In review');
    await waitFor(() => expect((within(screen.getByRole('listitem', { name: 'Teaser' })).getByRole('combobox', { name: 'Status of Teaser' }) as HTMLSelectElement).value).toBe('IN_REVIEW'));

    await user.type(within(teaser).getByLabelText('Link the published post'), 'https://www.tiktok.com/@a/video/1{Enter}');
    expect(await screen.findByText('Published. 2 credits were proposed on the post.')).toBeTruthy();
    expect(links).toEqual([{ deliverableId: current.id, url: 'https://www.tiktok.com/@a/video/1' }]);
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: 'Teaser' })).getByText('Published')).toBeTruthy());
  });

  it('shows why a link was refused next to the field', async () => {
    const user = userEvent.setup();
    renderTab({
      ProjectDeliverables: page([row(1, { title: 'Teaser' })]),
      LinkProjectDeliverablePost: () => {
        throw new FakeGraphQLError('Invalid url');
      },
    });
    const teaser = await screen.findByRole('listitem', { name: 'Teaser' });
    const field = within(teaser).getByLabelText('Link the published post');
    await user.type(field, 'https://example.com/nothing{Enter}');
    expect(await within(teaser).findByText('Invalid url')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });
});
