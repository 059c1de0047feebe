import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from '@router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initConsent } from '@shell/consent';
import { createFakeGraphQL } from '@test/fakeGraphQL';
import { SignUpPromptModal } from './SignUpPromptModal';

function Harness({ message }: { message?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <ApolloProvider client={createFakeGraphQL({}).client}>
      <MemoryRouter initialEntries={['/jobs?page=2']}>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        <SignUpPromptModal open={open} onClose={() => setOpen(false)} message={message} />
      </MemoryRouter>
    </ApolloProvider>
  );
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    const data = url === '/api/auth/providers' ? { google: true, twitter: true, apple: false, captchaSiteKey: null } : null;
    return new Response(JSON.stringify({ success: true, data }));
  });
  vi.stubGlobal('fetch', fetchMock);
  initConsent();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sign-up prompt', () => {
  it('has the default text, the sign-in options, the sign-up line and a close button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));

    // The prompt's code loads on its first opening (docs/product.md §Performance): the first click still opens it.
    const dialog = within(await screen.findByRole('dialog', { name: 'Please sign up or sign in to do that!' }));
    const options = within(dialog.getByRole('group', { name: 'Sign-in options' }));
    expect(options.getByRole('link', { name: 'Sign in with Email' }).getAttribute('href')).toBe(
      '/signin?w=email&returnTo=%2Fjobs%3Fpage%3D2',
    );
    // The social options the server has configured.
    expect(await options.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(options.getByRole('button', { name: 'Continue with Twitter' })).toBeTruthy();
    expect(dialog.getByText(/Don't have an account\?/)).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'Sign Up (Free!)' }).getAttribute('href')).toBe('/signup?returnTo=%2Fjobs%3Fpage%3D2');
    expect(dialog.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('counts a sign-in click and closes', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(await screen.findByRole('link', { name: 'Sign in with Email' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => url === '/api/track').map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown)).toEqual([
        { action: 'click', target: 'signIn' },
      ]),
    );
  });

  it('keeps Tab inside, closes with Escape and gives focus back', async () => {
    const user = userEvent.setup();
    render(<Harness message="Custom text" />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Custom text' });
    await waitFor(() => expect(document.activeElement).toBe(dialog));

    const close = within(dialog).getByRole('button', { name: 'Close' });
    const last = within(dialog).getByRole('link', { name: 'Sign Up (Free!)' });
    await user.tab();
    expect(document.activeElement).toBe(close);
    last.focus();
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(last);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes when the backdrop is clicked', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(await screen.findByRole('dialog'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
