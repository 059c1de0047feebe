import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { MemoryRouter } from '@router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VISUAL_MATCH_MESSAGES } from '@domain/visual-match';
import { ViewerDocument, VisualMatchPostByDatabaseIdDocument, VisualMatchesForPostDocument, type ViewerQuery } from '@gql/graphql';
import { initConsent } from '@shell/consent';
import VisualMatchPage from './VisualMatchPage';
import { bylinePostNumber } from './visualMatchSearch';

function viewer(permissions: { seeProPages: boolean; hasPaidAccess: boolean }): ViewerQuery {
  return {
    __typename: 'Query',
    viewer: {
      __typename: 'User',
      id: 'VXNlcjox',
      username: 'ana',
      name: 'Ana',
      avatarUrl: null,
      isAdmin: false,
      termsAcknowledged: true,
      termsAcknowledgementNeeded: false,
      isMasquerading: false,
      isBusiness: false,
      canSeeBilling: false,
      viewerCan: { __typename: 'ViewerPermissions', seeAdmin: false, ...permissions },
    },
  };
}

function renderPage(answer: ViewerQuery, mocks: MockLink.MockedResponse[] = []) {
  return render(
    <MockedProvider mocks={[{ request: { query: ViewerDocument }, result: { data: answer }, maxUsageCount: 5 }, ...mocks]}>
      <MemoryRouter initialEntries={['/visualmatch']}>
        <VisualMatchPage />
      </MemoryRouter>
    </MockedProvider>,
  );
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, data: null })));
  vi.stubGlobal('fetch', fetchMock);
  initConsent();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/visualmatch', () => {
  it('shows people without PRO the upgrade words and prompt, and no search', async () => {
    renderPage(viewer({ seeProPages: false, hasPaidAccess: false }));
    expect(await screen.findByText(VISUAL_MATCH_MESSAGES.upgrade)).toBeTruthy();
    const dialog = within(await screen.findByRole('dialog', { name: "That's an advanced feature!" }));
    expect(dialog.getByRole('link', { name: 'Upgrade today' }).getAttribute('href')).toBe('/plans?returnTo=%2Fvisualmatch');
    expect(screen.queryByLabelText('Choose a picture')).toBeNull();
  });

  it('opens for a paid team member (paid access without the pro flags)', async () => {
    renderPage(viewer({ seeProPages: false, hasPaidAccess: true }));
    expect(await screen.findByLabelText('Choose a picture')).toBeTruthy();
    expect(screen.getByText(VISUAL_MATCH_MESSAGES.wordSearchUnavailable)).toBeTruthy();
  });

  it('refuses a file that is not a picture before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderPage(viewer({ seeProPages: true, hasPaidAccess: true }));
    await user.upload(await screen.findByLabelText('Choose a picture'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('alert')).textContent).toBe(VISUAL_MATCH_MESSAGES.type);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/visualmatch')).toEqual([]);
  });

  it('finds look-alikes of a pasted Byline post link', async () => {
    const user = userEvent.setup();
    const postId = 'UG9zdDo0Mg==';
    renderPage(viewer({ seeProPages: true, hasPaidAccess: true }), [
      {
        request: { query: VisualMatchPostByDatabaseIdDocument, variables: { databaseId: 42 } },
        result: { data: { __typename: 'Query', postByDatabaseId: { __typename: 'Post', id: postId } } },
      },
      {
        request: { query: VisualMatchesForPostDocument, variables: { postId } },
        result: {
          data: {
            __typename: 'Query',
            visualMatches: [
              {
                __typename: 'VisualMatch',
                distance: 4,
                similarity: 94,
                post: { __typename: 'Post', id: 'UG9zdDo3', databaseId: 7, caption: 'The original shot', thumbnailUrl: '/media/posts/7/thumbnail?w=320', network: { __typename: 'Network', id: 'TmV0d29yazo1', name: 'tiktok', title: 'TikTok' }, account: { __typename: 'SocialAccount', id: 'U29jaWFsQWNjb3VudDox', handle: 'studio' } },
              },
            ],
          },
        },
      },
    ]);
    await user.type(await screen.findByLabelText('Or paste a post link'), `${window.location.origin}/posts/42-someone-tiktok`);
    await user.click(screen.getByRole('button', { name: 'Find look-alikes' }));
    const results = within(await screen.findByRole('region', { name: 'Posts that look alike' }));
    const link = results.getByRole('link');
    expect(link.getAttribute('href')).toBe('/posts/7');
    expect(link.textContent).toContain('94% alike');
    expect(link.textContent).toContain('@studio');
  });

  it('shows the server’s words when a post link finds nothing to match', async () => {
    const user = userEvent.setup();
    renderPage(viewer({ seeProPages: true, hasPaidAccess: true }), [
      {
        request: { query: VisualMatchPostByDatabaseIdDocument, variables: { databaseId: 9 } },
        result: { errors: [new GraphQLError(VISUAL_MATCH_MESSAGES.noPicture, { extensions: { code: 'UNPROCESSABLE' } })] },
      },
    ]);
    await user.type(await screen.findByLabelText('Or paste a post link'), '/posts/9');
    await user.click(screen.getByRole('button', { name: 'Find look-alikes' }));
    expect((await screen.findByRole('alert')).textContent).toBe(VISUAL_MATCH_MESSAGES.noPicture);
  });
});

describe('bylinePostNumber', () => {
  it('reads Byline post page links only', () => {
    const origin = 'https://byline.example';
    expect(bylinePostNumber('https://byline.example/posts/12', origin)).toBe(12);
    expect(bylinePostNumber('/posts/12-ana-tiktok', origin)).toBe(12);
    expect(bylinePostNumber('https://www.tiktok.com/@ana/video/1234567890', origin)).toBeNull();
    expect(bylinePostNumber('https://elsewhere.example/posts/12', origin)).toBeNull();
    expect(bylinePostNumber('/posts/abc', origin)).toBeNull();
  });
});
