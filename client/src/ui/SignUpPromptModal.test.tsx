import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SignUpPromptModal } from './SignUpPromptModal';

function Harness({ message }: { message?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <MemoryRouter initialEntries={['/jobs?page=2']}>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <SignUpPromptModal open={open} onClose={() => setOpen(false)} message={message} />
    </MemoryRouter>
  );
}

describe('sign-up prompt (spec 2.6)', () => {
  it('has the default text, the sign-in options, the sign-up line and a close button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));

    const dialog = screen.getByRole('dialog', { name: 'Please sign up or sign in to do that!' });
    const options = within(within(dialog).getByRole('list', { name: 'Sign-in options' }));
    expect(options.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Sign in with Email', '/signin?w=email&returnTo=%2Fjobs%3Fpage%3D2'],
      ['Continue with Google', '/signin?w=google&returnTo=%2Fjobs%3Fpage%3D2'],
      ['Continue with Twitter', '/signin?w=twitter&returnTo=%2Fjobs%3Fpage%3D2'],
    ]);
    expect(within(dialog).getByRole('link', { name: 'Sign Up (Free!)' }).getAttribute('href')).toBe(
      '/signup?returnTo=%2Fjobs%3Fpage%3D2',
    );
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('keeps Tab inside, closes with Escape and gives focus back', async () => {
    const user = userEvent.setup();
    render(<Harness message="Custom text" />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Custom text' });
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
});
