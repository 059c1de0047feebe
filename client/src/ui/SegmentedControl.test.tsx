import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SegmentedControl } from './SegmentedControl';

type View = 'grid' | 'list' | 'map';
const views = [
  { value: 'grid', label: 'Grid' },
  { value: 'list', label: 'List' },
  { value: 'map', label: 'Map' },
] as const;

function Harness() {
  const [view, setView] = useState<View>('list');
  return (
    <>
      <button type="button">Before</button>
      <SegmentedControl label="View" value={view} options={views} onChange={setView} />
      <button type="button">After</button>
      <p data-testid="view">{view}</p>
    </>
  );
}

function tabStops() {
  return screen.getAllByRole('radio').map((radio) => radio.tabIndex);
}

describe('SegmentedControl', () => {
  it('is a named radio group with the chosen option checked and the only tab stop', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('radiogroup', { name: 'View' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'List' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Grid' }).getAttribute('aria-checked')).toBe('false');
    expect(tabStops()).toEqual([-1, 0, -1]);

    // One tab stop for the whole group.
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'List' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
  });

  it('moves and chooses with the arrow keys, wrapping at the ends', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    screen.getByRole('radio', { name: 'List' }).focus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByTestId('view').textContent).toBe('map');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Map' }));
    expect(tabStops()).toEqual([-1, -1, 0]);

    await user.keyboard('{ArrowDown}');
    expect(screen.getByTestId('view').textContent).toBe('grid');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Grid' }));

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('view').textContent).toBe('map');
    await user.keyboard('{Home}');
    expect(screen.getByTestId('view').textContent).toBe('grid');
    await user.keyboard('{End}');
    expect(screen.getByTestId('view').textContent).toBe('map');
    expect(screen.getByRole('radio', { name: 'Map' }).getAttribute('aria-checked')).toBe('true');
  });

  it('chooses on click', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('radio', { name: 'Grid' }));
    expect(screen.getByTestId('view').textContent).toBe('grid');
  });
});
