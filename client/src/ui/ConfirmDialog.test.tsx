import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';

function Harness(props: Partial<Parameters<typeof ConfirmDialog>[0]>) {
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete list
      </button>
      <p data-testid="answer">{answer}</p>
      <ConfirmDialog
        {...props}
        open={open}
        onYes={() => {
          setAnswer('yes');
          setOpen(false);
        }}
        onNo={() => {
          setAnswer('no');
          setOpen(false);
        }}
      />
    </>
  );
}

describe('confirm dialog', () => {
  it('is titled Confirm with Yes as the primary action by default', async () => {
    const user = userEvent.setup();
    render(<Harness>Delete this list?</Harness>);
    await user.click(screen.getByRole('button', { name: 'Delete list' }));

    // The dialog's code loads on its first opening (docs/product.md §Performance): the first click still opens it.
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm' }));
    expect(dialog.getByText('Delete this list?')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Yes' }).className).toContain('button--primary');
    expect(dialog.getByRole('button', { name: 'No' }).className).not.toContain('button--primary');

    await user.click(dialog.getByRole('button', { name: 'Yes' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('answer').textContent).toBe('yes');
  });

  it('takes its own title and labels, can make No the primary action, and answers No on Escape', async () => {
    const user = userEvent.setup();
    render(<Harness title="Leave the team?" yesLabel="Leave" noLabel="Stay" primary="no" />);
    const opener = screen.getByRole('button', { name: 'Delete list' });
    await user.click(opener);

    const dialog = within(await screen.findByRole('dialog', { name: 'Leave the team?' }));
    expect(dialog.getByRole('button', { name: 'Stay' }).className).toContain('button--primary');
    expect(dialog.getByRole('button', { name: 'Leave' }).className).not.toContain('button--primary');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('answer').textContent).toBe('no');
    expect(document.activeElement).toBe(opener);
  });
});
