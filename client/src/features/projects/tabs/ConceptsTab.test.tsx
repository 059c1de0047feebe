import { ApolloProvider } from '@apollo/client/react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONCEPT_MESSAGES, reorderConcepts } from '@domain/project-concepts';
import type { ConceptCardFragment, ConceptsBoardQuery } from '@gql/graphql';
import { createFakeGraphQL, FakeGraphQLError, type FakeAnswers } from '@test/fakeGraphQL';
import { ToastProvider } from '@ui/ToastProvider';
import ConceptsTab from './ConceptsTab';

const PROJECT_ID = 'UHJvamVjdDo3';

function note(id: number, text: string, caption: string | null = null): ConceptCardFragment {
  return { __typename: 'ProjectConcept', id: `concept-${id}`, kind: 'NOTE', caption, note: text, position: id, postUrl: null, pictureUrl: null, post: null };
}

const PICTURE: ConceptCardFragment = {
  __typename: 'ProjectConcept',
  id: 'concept-9',
  kind: 'PICTURE',
  caption: 'Palette',
  note: null,
  position: 9,
  postUrl: null,
  pictureUrl: '/media/project-concepts/9/picture?v=abcd1234&w=320',
  post: null,
};

const POST: ConceptCardFragment = {
  __typename: 'ProjectConcept',
  id: 'concept-10',
  kind: 'POST',
  caption: null,
  note: null,
  position: 10,
  postUrl: 'https://www.tiktok.com/@maya.makes/video/7301234567890123456',
  pictureUrl: null,
  post: { __typename: 'Post', id: 'UG9zdDox', databaseId: 1, caption: 'Clay mug in 60 seconds', thumbnailUrl: null, network: { __typename: 'Network', id: 'TmV0d29yazo1', name: 'tiktok', title: 'TikTok' } },
};

/** A fake server holding one board; mutations change it as the real one would. */
function renderBoard({ edit = true, initial = [note(1, 'Warm light'), note(2, 'Handheld'), note(3, 'Grain')], refuseMoves = false } = {}) {
  let concepts = [...initial];
  const calls: Array<{ name: string; input: Record<string, unknown> }> = [];
  const boardAnswer = (): ConceptsBoardQuery => ({
    __typename: 'Query',
    node: {
      __typename: 'Project',
      id: PROJECT_ID,
      databaseId: 7,
      concepts: { __typename: 'ProjectConceptConnection', totalCount: concepts.length, pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null }, nodes: concepts },
    },
  });
  const record = (name: string, variables: Record<string, unknown>) => {
    const input = variables.input as Record<string, unknown>;
    calls.push({ name, input });
    return input;
  };
  const answers = {
    ConceptsBoard: boardAnswer,
    ConceptsMove: (variables: Record<string, unknown>) => {
      const input = record('move', variables);
      if (refuseMoves) throw new FakeGraphQLError('You cannot do that', 'BAD_USER_INPUT');
      const order = reorderConcepts(
        concepts.map((concept) => concept.id),
        input.conceptId as string,
        (input.afterConceptId as string | null) ?? null,
      )!;
      concepts = order.map((id, index) => ({ ...concepts.find((concept) => concept.id === id)!, position: index + 1 }));
      return { __typename: 'Mutation', moveProjectConcept: { __typename: 'MoveProjectConceptPayload', concept: { __typename: 'ProjectConcept', id: input.conceptId, position: order.indexOf(input.conceptId as string) + 1 } } };
    },
    ConceptsAddNote: (variables: Record<string, unknown>) => {
      const input = record('addNote', variables);
      const added = note(concepts.length + 100, input.note as string);
      concepts = [...concepts, added];
      return { __typename: 'Mutation', addProjectConceptNote: { __typename: 'AddProjectConceptNotePayload', concept: added } };
    },
    ConceptsAddPost: (variables: Record<string, unknown>) => {
      record('addPost', variables);
      throw new FakeGraphQLError('Platform not supported', 'UNPROCESSABLE');
    },
    ConceptsDelete: (variables: Record<string, unknown>) => {
      const input = record('delete', variables);
      concepts = concepts.filter((concept) => concept.id !== input.conceptId);
      return { __typename: 'Mutation', deleteProjectConcept: { __typename: 'DeleteProjectConceptPayload', deletedConceptId: input.conceptId } };
    },
    ConceptsUpdate: (variables: Record<string, unknown>) => {
      const input = record('update', variables);
      concepts = concepts.map((concept) => (concept.id === input.conceptId ? { ...concept, caption: (input.caption as string | null) ?? null } : concept));
      return { __typename: 'Mutation', updateProjectConcept: { __typename: 'UpdateProjectConceptPayload', concept: concepts.find((concept) => concept.id === input.conceptId) } };
    },
  } as unknown as FakeAnswers;
  const fake = createFakeGraphQL(answers);
  const view = render(
    <ApolloProvider client={fake.client}>
      <ToastProvider>
        <ConceptsTab projectId={PROJECT_ID} publicId="abcdefghij" can={{ edit, manageCollaborators: edit, seeCosts: edit }} />
      </ToastProvider>
    </ApolloProvider>,
  );
  return { calls, container: view.container };
}

const cardTexts = () => screen.getAllByTestId('concept-card').map((card) => card.getAttribute('aria-label'));

async function seriousViolations(container: HTMLElement) {
  // Colour contrast needs layout, which jsdom does not do: the browser tests check it.
  const results = await axe.run(container, { resultTypes: ['violations'], rules: { 'color-contrast': { enabled: false } } });
  return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ConceptsTab for editors', () => {
  it('shows pictures, posts and notes in board order, with no serious accessibility problem', async () => {
    const { container } = renderBoard({ initial: [note(1, 'Warm light', 'Mood'), PICTURE, POST] });
    await screen.findByRole('list', { name: 'Concepts' });
    expect(cardTexts()).toEqual(['Mood', 'Palette', 'Post: Clay mug in 60 seconds']);
    expect(screen.getByRole('img', { name: 'Palette' }).getAttribute('src')).toBe(PICTURE.pictureUrl);
    expect(screen.getByRole('link', { name: /Clay mug in 60 seconds/ }).getAttribute('href')).toBe('/posts/1');
    screen.getByText('Warm light');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('moves a card with the keyboard, announces where it went and keeps the focus on it', async () => {
    const user = userEvent.setup();
    const { calls } = renderBoard();
    await screen.findByRole('list', { name: 'Concepts' });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move Note: Warm light earlier' }).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Move Note: Grain earlier' }));
    await waitFor(() => expect(cardTexts()).toEqual(['Note: Warm light', 'Note: Grain', 'Note: Handheld']));
    expect(calls).toEqual([{ name: 'move', input: { conceptId: 'concept-3', afterConceptId: 'concept-1' } }]);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Note: Grain moved to position 2 of 3.'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Note: Grain earlier' }));

    await user.keyboard('{Enter}');
    await waitFor(() => expect(cardTexts()).toEqual(['Note: Grain', 'Note: Warm light', 'Note: Handheld']));
    expect(calls.at(-1)).toEqual({ name: 'move', input: { conceptId: 'concept-3', afterConceptId: null } });
    // At the front its Earlier button is off, so the focus stays on the card's Later button.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Note: Grain later' })));

    await user.click(screen.getByRole('button', { name: 'Move Note: Warm light later' }));
    await waitFor(() => expect(cardTexts()).toEqual(['Note: Grain', 'Note: Handheld', 'Note: Warm light']));
    expect(calls.at(-1)).toEqual({ name: 'move', input: { conceptId: 'concept-1', afterConceptId: 'concept-2' } });
  });

  it('moves a card dropped on another: after it going down the board, before it going up', async () => {
    const { calls } = renderBoard();
    await screen.findByRole('list', { name: 'Concepts' });
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      get types() {
        return [...data.keys()];
      },
      effectAllowed: 'all',
      dropEffect: 'none',
    };
    const drag = (from: string, to: string) => {
      const cards = screen.getAllByTestId('concept-card');
      const source = cards.find((card) => card.getAttribute('aria-label') === from)!;
      const target = cards.find((card) => card.getAttribute('aria-label') === to)!;
      act(() => {
        source.dispatchEvent(Object.assign(new Event('dragstart', { bubbles: true }), { dataTransfer }));
        target.dispatchEvent(Object.assign(new Event('dragover', { bubbles: true, cancelable: true }), { dataTransfer }));
        target.dispatchEvent(Object.assign(new Event('drop', { bubbles: true, cancelable: true }), { dataTransfer }));
      });
    };
    drag('Note: Warm light', 'Note: Grain');
    await waitFor(() => expect(cardTexts()).toEqual(['Note: Handheld', 'Note: Grain', 'Note: Warm light']));
    expect(calls.at(-1)).toEqual({ name: 'move', input: { conceptId: 'concept-1', afterConceptId: 'concept-3' } });
    drag('Note: Warm light', 'Note: Handheld');
    await waitFor(() => expect(cardTexts()).toEqual(['Note: Warm light', 'Note: Handheld', 'Note: Grain']));
    expect(calls.at(-1)).toEqual({ name: 'move', input: { conceptId: 'concept-1', afterConceptId: null } });
  });

  it('puts a refused move back and says why', async () => {
    const user = userEvent.setup();
    renderBoard({ refuseMoves: true });
    await screen.findByRole('list', { name: 'Concepts' });
    await user.click(screen.getByRole('button', { name: 'Move Note: Handheld later' }));
    await screen.findByText('You cannot do that');
    expect(cardTexts()).toEqual(['Note: Warm light', 'Note: Handheld', 'Note: Grain']);
  });

  it('adds a note, refuses an empty one and shows the server’s words for a link it cannot take', async () => {
    const user = userEvent.setup();
    const { calls } = renderBoard();
    await screen.findByRole('list', { name: 'Concepts' });
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await screen.findByText(CONCEPT_MESSAGES.noteRequired);
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Shoot at dusk');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(cardTexts()).toContain('Note: Shoot at dusk'));
    expect(calls).toEqual([{ name: 'addNote', input: { projectId: PROJECT_ID, note: 'Shoot at dusk' } }]);

    await user.type(screen.getByRole('textbox', { name: 'Link to a post' }), 'https://example.com/a-page');
    await user.click(screen.getByRole('button', { name: 'Add post' }));
    await screen.findByText('Platform not supported');
    expect(calls.at(-1)).toEqual({ name: 'addPost', input: { projectId: PROJECT_ID, url: 'https://example.com/a-page' } });
  });

  it('uploads a picture as the avatar is uploaded, refusing a wrong type before sending', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, data: { concept: { id: 'x', databaseId: 11, pictureUrl: '/media/project-concepts/11/picture?v=1' } } }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    renderBoard();
    await screen.findByRole('list', { name: 'Concepts' });
    const input = screen.getByLabelText('Upload a picture');
    await user.upload(input, new File(['text'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/JPEG, PNG, WebP or GIF/);
    expect(fetchMock).not.toHaveBeenCalled();
    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'palette.png', { type: 'image/png' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]).toEqual(['/api/projects/7/concepts/picture', expect.objectContaining({ method: 'POST', headers: expect.objectContaining({ 'content-type': 'image/png' }) })]);
  });

  it('edits a caption and deletes only after confirming', async () => {
    const user = userEvent.setup();
    const { calls } = renderBoard();
    await screen.findByRole('list', { name: 'Concepts' });
    await user.click(screen.getByRole('button', { name: 'Edit Note: Handheld' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit concept' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Caption' }), 'Camera');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(cardTexts()).toEqual(['Note: Warm light', 'Camera', 'Note: Grain']));
    expect(calls.at(-1)).toEqual({ name: 'update', input: { conceptId: 'concept-2', caption: 'Camera', note: 'Handheld' } });

    await user.click(screen.getByRole('button', { name: 'Delete Camera' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this concept?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep' }));
    expect(cardTexts()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Delete Camera' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this concept?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(cardTexts()).toEqual(['Note: Warm light', 'Note: Grain']));
    expect(calls.at(-1)).toEqual({ name: 'delete', input: { conceptId: 'concept-2' } });
  });
});

describe('ConceptsTab for readers', () => {
  it('shows the board without ways to change it', async () => {
    const { container } = renderBoard({ edit: false });
    await screen.findByRole('list', { name: 'Concepts' });
    expect(screen.queryByRole('button', { name: /earlier|later|Edit|Delete|Add/ })).toBeNull();
    expect(screen.queryByLabelText('Upload a picture')).toBeNull();
    expect(screen.getAllByTestId('concept-card').every((card) => card.getAttribute('draggable') === null)).toBe(true);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says when the board is empty', async () => {
    renderBoard({ edit: false, initial: [] });
    await screen.findByText('No concepts yet.');
  });
});
