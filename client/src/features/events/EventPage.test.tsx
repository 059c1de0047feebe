import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeGraphQLError, notificationCountsAnswer, viewerAnswer, type FakeAnswers } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';

const signedOut: FakeAnswers = { Viewer: viewerAnswer(null), NotificationCounts: notificationCountsAnswer(0) };
const noSuchUser = () => {
  throw new FakeGraphQLError('User was not found', 'NOT_FOUND');
};

const SUMMIT = {
  __typename: 'Event' as const,
  id: 'RXZlbnQ6MQ==',
  slug: 'sportssummit26',
  name: 'Sports Summit 26',
  startsOn: '2026-06-10',
  endsOn: '2026-06-12',
  placeName: 'Lisbon, Portugal',
  coverUrl: '/media/events/1/cover?v=ab12',
  coverAlt: 'The stage at night',
  tagDatabaseId: 7,
  people: [{ __typename: 'User' as const, id: 'u1', username: 'maya', name: 'Maya Makes', avatarUrl: null }],
};

const post = (id: number) => ({
  __typename: 'Post' as const,
  id: `p${id}`,
  databaseId: id,
  caption: `Keynote clip ${id}`,
  thumbnailUrl: null,
  network: { __typename: 'Network' as const, id: 'n5', title: 'TikTok' },
  account: { __typename: 'SocialAccount' as const, id: 'a1', handle: 'summit', displayName: 'Summit' },
  credits: {
    __typename: 'CreditConnection' as const,
    nodes: [{ __typename: 'Credit' as const, id: `c${id}`, role: { __typename: 'CreditRole' as const, id: 'r1', name: 'Director', emoji: '🎬' }, user: { __typename: 'User' as const, id: 'u1', username: 'maya', name: 'Maya Makes' } }],
  },
});

function postsAnswer(ids: number[], hasNextPage: boolean) {
  return {
    __typename: 'Query' as const,
    event: {
      __typename: 'Event' as const,
      id: SUMMIT.id,
      posts: {
        __typename: 'PostConnection' as const,
        edges: ids.map((id) => ({ __typename: 'PostEdge' as const, cursor: `cursor${id}`, node: post(id) })),
        pageInfo: { __typename: 'PageInfo' as const, hasNextPage, endCursor: ids.length ? `cursor${ids.at(-1)}` : null },
      },
    },
  };
}

describe('an event’s page (docs/product.md §Events)', () => {
  it('shows a signed-out visitor its name, days, place, cover, people and posts with their credits, a page at a time', async () => {
    const asked: unknown[] = [];
    renderApp('/sportssummit26', {
      ...signedOut,
      Profile: noSuchUser,
      EventPage: { __typename: 'Query', event: SUMMIT },
      EventPosts: (variables) => {
        asked.push(variables);
        return (variables as { after: string | null }).after ? postsAnswer([1], false) : postsAnswer([3, 2], true);
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sports Summit 26' })).toBeTruthy();
    expect(screen.getByText('10–12 Jun 2026')).toBeTruthy();
    expect(screen.getByText(/Lisbon, Portugal/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'The stage at night' })).toBeTruthy();
    expect(within(screen.getByTestId('event-people')).getByRole('link', { name: 'Maya Makes' }).getAttribute('href')).toBe('/maya');
    expect((await screen.findAllByTestId('event-post')).map((card) => within(card).getByText(/Keynote/).textContent)).toEqual(['Keynote clip 3', 'Keynote clip 2']);
    expect(screen.getAllByTestId('event-post')[0]!.textContent).toContain('Maya Makes');
    screen.getByRole('button', { name: 'Show more' }).click();
    expect(await screen.findByText('Keynote clip 1')).toBeTruthy();
    expect(asked).toEqual([
      { slug: 'sportssummit26', first: 12, after: null },
      { slug: 'sportssummit26', first: 12, after: 'cursor2' },
    ]);
  });

  it('shows the not-found page for a name that is no event', async () => {
    renderApp('/no-such-event', { ...signedOut, Profile: noSuchUser, EventPage: { __typename: 'Query', event: null } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});
