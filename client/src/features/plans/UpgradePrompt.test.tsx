import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from '@router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initConsent } from '@shell/consent';
import { UpgradePrompt } from './UpgradePrompt';

function Harness({ type }: { type: 'Pro' | 'Teams' }) {
  const [open, setOpen] = useState(false);
  return (
    <MemoryRouter initialEntries={['/creators?role=Director~1']}>
      <button type="button" onClick={() => setOpen(true)}>
        Try it
      </button>
      {type === 'Pro' ? (
        <UpgradePrompt type="Pro" open={open} onClose={() => setOpen(false)} />
      ) : (
        <UpgradePrompt type="Teams" teamId="42" open={open} onClose={() => setOpen(false)} />
      )}
    </MemoryRouter>
  );
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, data: null })));
  vi.stubGlobal('fetch', fetchMock);
  // Outside a consent region: analytics allowed.
  initConsent();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function trackedBodies(): unknown[] {
  return fetchMock.mock.calls
    .filter(([url]) => url === '/api/track')
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);
}

describe('upgrade prompts', () => {
  it("says That's an advanced feature! and offers Upgrade today, coming back here", async () => {
    const user = userEvent.setup();
    render(<Harness type="Pro" />);
    await user.click(screen.getByRole('button', { name: 'Try it' }));

    // The dialog's code loads on its first opening (docs/product.md §Performance): the first click still opens it.
    const dialog = within(await screen.findByRole('dialog', { name: "That's an advanced feature!" }));
    expect(dialog.getByRole('link', { name: 'Upgrade today' }).getAttribute('href')).toBe(
      '/plans?returnTo=%2Fcreators%3Frole%3DDirector%7E1',
    );
    await waitFor(() => expect(trackedBodies()).toContainEqual({ action: 'view', target: 'upgradePrompt', fields: { type: 'Pro' } }));

    await user.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("for Teams says Let's work together and starts the subscription on the team's billing page", async () => {
    const user = userEvent.setup();
    render(<Harness type="Teams" />);
    await user.click(screen.getByRole('button', { name: 'Try it' }));

    const dialog = within(await screen.findByRole('dialog', { name: "Let's work together" }));
    expect(dialog.getByRole('link', { name: 'Start your subscription' }).getAttribute('href')).toBe('/teams/42/billing');
    await waitFor(() => expect(trackedBodies()).toContainEqual({ action: 'view', target: 'upgradePrompt', fields: { type: 'Teams' } }));
  });

  it('still shows when the tracking call fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    render(<Harness type="Pro" />);
    await user.click(screen.getByRole('button', { name: 'Try it' }));
    expect(await screen.findByRole('dialog', { name: "That's an advanced feature!" })).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  });
});
