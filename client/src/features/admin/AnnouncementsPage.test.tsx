import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AnnouncementPreviewQuery, AnnouncementsQuery, SendAnnouncementMutation } from '@gql/graphql';
import { notificationCountsAnswer, viewerAnswer, type FakeAnswers } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';

const ADMIN = { id: '1', isAdmin: true, viewerCan: { __typename: 'ViewerPermissions' as const, seeProPages: true, seeAdmin: true, hasPaidAccess: false } };

const SENT = {
  __typename: 'Announcement' as const,
  id: 'QW5ub3VuY2VtZW50OjE=',
  databaseId: 1,
  title: 'Lists are here',
  link: null,
  status: 'SENT' as const,
  reachedCount: 1234,
  createdAt: '2026-11-29T10:00:00.000Z',
  sentAt: '2026-11-29T10:01:00.000Z',
};

function list(nodes: AnnouncementsQuery['announcements']['nodes']): AnnouncementsQuery {
  return { __typename: 'Query', announcements: { __typename: 'AnnouncementConnection', totalCount: nodes.length, nodes } };
}

function answers(viewer: Parameters<typeof viewerAnswer>[0], extra: FakeAnswers = {}): FakeAnswers {
  return { Viewer: viewerAnswer(viewer), NotificationCounts: notificationCountsAnswer(0), Announcements: list([SENT]), ...extra };
}

describe('admin announcements page', () => {
  it('lists what was sent with how many it reached, beside the other admin pages', async () => {
    renderApp('/admin/announcements', answers(ADMIN));
    const sent = await screen.findByTestId('announcement');
    expect(within(sent).getByRole('heading', { name: 'Lists are here' })).toBeTruthy();
    expect(sent.textContent).toContain('Reached 1,234 accounts');
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Announcements' }).getAttribute('href')).toBe('/admin/announcements');
  });

  it('checks the draft, previews it as it will read, and sends it after a confirmation', async () => {
    const user = userEvent.setup();
    const previews: unknown[] = [];
    const sends: unknown[] = [];
    renderApp(
      '/admin/announcements',
      answers(ADMIN, {
        AnnouncementPreview: (variables): AnnouncementPreviewQuery => {
          previews.push(variables);
          return { __typename: 'Query', announcementPreview: { __typename: 'ProductNews', title: 'Messages are here', bodyHtml: '<p>Write to <strong>anyone</strong>.</p>', link: '/messages' } };
        },
        SendAnnouncement: (variables): SendAnnouncementMutation => {
          sends.push(variables);
          return { __typename: 'Mutation', sendAnnouncement: { __typename: 'SendAnnouncementPayload', announcement: { ...SENT, id: 'QW5ub3VuY2VtZW50OjI=', databaseId: 2, title: 'Messages are here', status: 'SENDING', reachedCount: 0, sentAt: null } } };
        },
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Preview' }));
    expect(screen.getByText('An announcement needs a title.')).toBeTruthy();
    expect(screen.getByText('An announcement needs a body.')).toBeTruthy();
    expect(previews).toEqual([]);

    await user.type(screen.getByLabelText('Title'), 'Messages are here');
    await user.type(screen.getByLabelText('Body'), 'Write to **anyone**.');
    await user.type(screen.getByLabelText('Link (optional)'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByText('The link must be a path on Byline (starting with /) or an https:// address.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Link (optional)'));
    await user.type(screen.getByLabelText('Link (optional)'), '/messages');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const preview = await screen.findByRole('article', { name: 'Preview: Messages are here' });
    expect(within(preview).getByText('anyone').tagName).toBe('STRONG');
    expect(previews).toEqual([{ input: { title: 'Messages are here', body: 'Write to **anyone**.', link: '/messages' } }]);

    await user.click(screen.getByRole('button', { name: 'Send to everyone' }));
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sends).toEqual([{ input: { announcement: { title: 'Messages are here', body: 'Write to **anyone**.', link: '/messages' } } }]));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Preview: Messages are here' })).toBeNull());
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
  });

  it('sends everyone but admins to the not-found page', async () => {
    const { router } = renderApp('/admin/announcements', answers({ isAdmin: false }));
    await waitFor(() => expect(router.location.pathname).toBe('/404'));
  });
});
