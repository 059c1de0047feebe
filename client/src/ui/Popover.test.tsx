import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Popover } from './Popover';

function Harness({ withControl = true }: { withControl?: boolean }) {
  const [open, setOpen] = useState(false);
  const anchorRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={anchorRef} type="button" onClick={() => setOpen(!open)}>
        Network
      </button>
      <Popover open={open} onClose={() => setOpen(false)} anchorRef={anchorRef} label="Choose a network">
        {withControl ? (
          <label>
            Network name <input />
          </label>
        ) : (
          <p>Nothing to choose</p>
        )}
      </Popover>
      <p>Outside</p>
    </>
  );
}

describe('Popover', () => {
  it('is a named dialog that takes focus when it opens: its first control, or itself when it has none', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Network' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Network name' }));
    unmount();

    render(<Harness withControl={false} />);
    await user.click(screen.getByRole('button', { name: 'Network' }));
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Choose a network' }));
  });

  it('closes on Escape, focus back on its button, and on a press outside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const anchor = screen.getByRole('button', { name: 'Network' });
    await user.click(anchor);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(anchor);

    await user.click(anchor);
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open while its own text is pressed', async () => {
    const user = userEvent.setup();
    render(<Harness withControl={false} />);
    await user.click(screen.getByRole('button', { name: 'Network' }));
    await user.click(screen.getByText('Nothing to choose'));
    expect(screen.getByRole('dialog', { name: 'Choose a network' })).toBeTruthy();
  });
});
