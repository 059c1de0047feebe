import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notificationCountsAnswer, postAnswer, postCreditsAnswer, viewerAnswer, type FakeAnswers } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';

const SUMMIT = { __typename: 'Event' as const, id: 'e1', slug: 'sportssummit26', name: 'Sports Summit 26' };
const WEEK = { __typename: 'Event' as const, id: 'e2', slug: 'design-week', name: 'Design Week' };

function answers(mayCredit: boolean, events: Array<typeof SUMMIT>, extra: FakeAnswers = {}): FakeAnswers {
  return {
    Viewer: viewerAnswer({}),
    NotificationCounts: notificationCountsAnswer(0),
    Post: postAnswer(),
    PostCredits: postCreditsAnswer(),
    PostEvents: { __typename: 'Query', postByDatabaseId: { __typename: 'Post', id: postAnswer().postByDatabaseId!.id, events, viewerCan: { __typename: 'PostViewerCan', addCredit: mayCredit } } },
    EventChoices: { __typename: 'Query', events: { __typename: 'EventConnection', nodes: [SUMMIT, WEEK] } },
    ...extra,
  };
}

describe('a post’s events (docs/product.md §Events)', () => {
  it('links the events a post carries and offers no control to someone who may not credit on it', async () => {
    renderApp('/posts/1234', answers(false, [SUMMIT]));
    const section = (await screen.findByRole('heading', { level: 2, name: 'Events' })).closest('section')!;
    expect(within(section).getByRole('link', { name: 'Sports Summit 26' }).getAttribute('href')).toBe('/sportssummit26');
    expect(within(section).queryByRole('button')).toBeNull();
    expect(within(section).queryByLabelText('Tag with an event')).toBeNull();
  });

  it('lets a creditor add an event the post lacks and remove one it has', async () => {
    const user = userEvent.setup();
    const asked: Array<{ name: string; variables: unknown }> = [];
    const tagged = (events: Array<typeof SUMMIT>) => ({ __typename: 'Post' as const, id: postAnswer().postByDatabaseId!.id, events });
    renderApp(
      '/posts/1234',
      answers(true, [SUMMIT], {
        AddPostEvent: (variables) => {
          asked.push({ name: 'addPostEvent', variables });
          return { __typename: 'Mutation', addPostEvent: { __typename: 'AddPostEventPayload', post: tagged([SUMMIT, WEEK]) } };
        },
        RemovePostEvent: (variables) => {
          asked.push({ name: 'removePostEvent', variables });
          return { __typename: 'Mutation', removePostEvent: { __typename: 'RemovePostEventPayload', post: tagged([WEEK]) } };
        },
      }),
    );
    const choice = await screen.findByLabelText('Tag with an event');
    // Only the events the post does not carry yet are offered.
    expect(within(choice).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose an event', 'Design Week']);
    await user.selectOptions(choice, 'e2');
    await user.click(screen.getByRole('button', { name: 'Add event' }));
    expect(await screen.findByRole('link', { name: 'Design Week' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove Sports Summit 26' }));
    await screen.findByRole('button', { name: 'Remove Design Week' });
    expect(screen.queryByRole('link', { name: 'Sports Summit 26' })).toBeNull();
    const postId = postAnswer().postByDatabaseId!.id;
    expect(asked).toEqual([
      { name: 'addPostEvent', variables: { input: { postId, eventId: 'e2' } } },
      { name: 'removePostEvent', variables: { input: { postId, eventId: 'e1' } } },
    ]);
  });
});
