import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ServiceStatusQuery } from '@gql/graphql';
import { viewerAnswer } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';

const networks = { __typename: 'Query' as const, networks: [] };
const CHECKED_AT = '2026-11-30T10:00:00.000Z';

function statusAnswer(admin: boolean, mail: 'UP' | 'DEGRADED' | 'DOWN' = 'UP'): ServiceStatusQuery {
  const part = (component: 'DATABASE' | 'QUEUE' | 'PUBSUB' | 'SEARCH' | 'MAIL', state: 'UP' | 'DEGRADED' | 'DOWN' = 'UP', detail: string | null = null) => ({
    __typename: 'ServiceComponentStatus' as const,
    component,
    state,
    checkedAt: CHECKED_AT,
    latencyMs: admin ? 12 : null,
    detail: admin ? detail : null,
  });
  return {
    __typename: 'Query',
    serviceStatus: {
      __typename: 'ServiceStatus',
      state: mail,
      components: [part('DATABASE'), part('QUEUE'), part('PUBSUB'), part('SEARCH', 'UP', 'engine: postgres'), part('MAIL', mail, mail === 'DOWN' ? 'connect ECONNREFUSED' : null)],
    },
  };
}

describe('the status page (docs/product.md §Status)', () => {
  it('shows a visitor each part with its state and when it was checked, and no details', async () => {
    renderApp('/status', { Viewer: viewerAnswer(null), Networks: networks, ServiceStatus: statusAnswer(false, 'DOWN') });
    const parts = within(await screen.findByRole('list', { name: 'Parts of Byline' }));
    const rows = parts.getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.status-part__name')?.textContent)).toEqual(['Database', 'Job queue', 'Live updates (pub/sub)', 'Search engine', 'Email']);
    expect(rows[4]?.textContent).toContain('Down');
    expect(rows[0]?.querySelector('time')?.getAttribute('datetime')).toBe(CHECKED_AT);
    expect(screen.getByRole('status').textContent).toBe('Some parts of Byline are not working. We are on it.');
    expect(screen.queryByText(/ECONNREFUSED/)).toBeNull();
    expect(document.querySelector('.status-part__detail')).toBeNull();
  });

  it('shows admins how long each check took and why one failed', async () => {
    renderApp('/status', { Viewer: viewerAnswer({ isAdmin: true }), Networks: networks, ServiceStatus: statusAnswer(true, 'DOWN'), NotificationCounts: { __typename: 'Query', notificationCounts: { __typename: 'NotificationCounts', new: 0, unreadConversations: 0 } } });
    expect(await screen.findByText('12 ms · connect ECONNREFUSED')).toBeTruthy();
    expect(screen.getByText('12 ms · engine: postgres')).toBeTruthy();
  });
});
