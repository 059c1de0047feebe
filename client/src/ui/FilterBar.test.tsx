import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FilterBar } from './FilterBar';

const COLOURS = ['Red', 'Green'] as const;

/** Two filters kept in state, as a page keeps them in its URL. */
function Harness({ withClearAll = true }: { withClearAll?: boolean }) {
  const [colour, setColour] = useState<string | null>(null);
  const [size, setSize] = useState<string | null>('Large');
  return (
    <>
      <FilterBar
        label="Filters"
        onClearAll={
          withClearAll
            ? () => {
                setColour(null);
                setSize(null);
              }
            : undefined
        }
        filters={[
          {
            id: 'colour',
            label: 'Colour',
            activeLabel: colour,
            onRemove: () => setColour(null),
            render: (close) => (
              <>
                {COLOURS.map((name) => (
                  <button
                    key={name}
                    type="button"
                    onClick={() => {
                      setColour(name);
                      close();
                    }}
                  >
                    {name}
                  </button>
                ))}
              </>
            ),
          },
          {
            id: 'size',
            label: 'Size',
            activeLabel: size,
            onRemove: () => setSize(null),
            render: () => (
              <label>
                Size in words <input value={size ?? ''} onChange={(event) => setSize(event.target.value || null)} />
              </label>
            ),
          },
        ]}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

const chips = () => within(screen.getByRole('list', { name: 'Filters' }));

describe('FilterBar', () => {
  it('shows a chip per filter, an active one with its value and a remove button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(chips().getAllByRole('listitem')).toHaveLength(2);
    expect(chips().getByRole('button', { name: 'Colour' }).getAttribute('aria-expanded')).toBe('false');
    expect(chips().getByRole('button', { name: 'Size: Large' })).toBeTruthy();
    expect(chips().queryByRole('button', { name: /Remove filter/ })).not.toBeNull();

    await user.click(chips().getByRole('button', { name: 'Remove filter Large' }));
    expect(chips().getByRole('button', { name: 'Size' })).toBeTruthy();
    expect(chips().queryByRole('button', { name: /Remove filter/ })).toBeNull();
    // The value and its button are gone; focus stays on the chip.
    expect(document.activeElement).toBe(chips().getByRole('button', { name: 'Size' }));
  });

  it('opens a popover on click with focus in it; a pick closes it and focus returns to the chip', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const chip = chips().getByRole('button', { name: 'Colour' });
    await user.click(chip);
    const popover = screen.getByRole('dialog', { name: 'Colour' });
    expect(chip.getAttribute('aria-expanded')).toBe('true');
    expect(chip.getAttribute('aria-controls')).toBe(popover.id);
    expect(document.activeElement).toBe(within(popover).getByRole('button', { name: 'Red' }));

    await user.click(within(popover).getByRole('button', { name: 'Green' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const active = chips().getByRole('button', { name: 'Colour: Green' });
    expect(document.activeElement).toBe(active);
    expect(active.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape and gives focus back to the chip', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(chips().getByRole('button', { name: 'Size: Large' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Size in words' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(chips().getByRole('button', { name: 'Size: Large' }));
  });

  it('closes on a press outside it, and a second press on the chip closes it too', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const chip = chips().getByRole('button', { name: 'Colour' });
    await user.click(chip);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(chip);
    expect(screen.getByRole('dialog', { name: 'Colour' })).toBeTruthy();
    await user.click(chip);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is keyboard-usable: Enter opens, Tab moves through the popover’s controls, tabbing out closes it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    chips().getByRole('button', { name: 'Colour' }).focus();
    await user.keyboard('{Enter}');
    const popover = screen.getByRole('dialog', { name: 'Colour' });
    expect(document.activeElement).toBe(within(popover).getByRole('button', { name: 'Red' }));
    await user.tab();
    expect(document.activeElement).toBe(within(popover).getByRole('button', { name: 'Green' }));
    await user.keyboard('{Enter}');
    expect(chips().getByRole('button', { name: 'Colour: Green' })).toBe(document.activeElement);

    // One popover at a time: opening another closes the first.
    await user.click(chips().getByRole('button', { name: 'Colour: Green' }));
    await user.click(chips().getByRole('button', { name: 'Size: Large' }));
    expect(screen.getAllByRole('dialog').map((dialog) => dialog.getAttribute('aria-label'))).toEqual(['Size']);

    // Tab past the popover's last control: it closes behind the keyboard user.
    await user.tab();
    await user.tab();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers Clear all while a filter is on, and only when the page can clear them', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(chips().queryByRole('button', { name: /Remove filter/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear all' })).toBeNull();
    unmount();

    render(<Harness withClearAll={false} />);
    expect(screen.queryByRole('button', { name: 'Clear all' })).toBeNull();
  });
});
