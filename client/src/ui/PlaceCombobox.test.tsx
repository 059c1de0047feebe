import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { placeLabel, type Place } from '@domain/places';
import { PlaceCombobox } from './PlaceCombobox';

function Harness() {
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<Place | null>(null);
  return (
    <>
      <label htmlFor="place">Place</label>
      <PlaceCombobox
        id="place"
        text={text}
        onTextChange={setText}
        pickedText={picked ? placeLabel(picked) : null}
        onPick={(place) => {
          setPicked(place);
          setText(placeLabel(place));
        }}
      />
      <p data-testid="picked">{picked ? placeLabel(picked) : 'none'}</p>
    </>
  );
}

describe('PlaceCombobox', () => {
  it('loads the city list on first input and then suggests for the text already typed; arrows, Enter and Escape still work', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Place' });

    // Typed in one go, before the list (a separate chunk) has arrived: nothing to suggest yet.
    input.focus();
    fireEvent.change(input, { target: { value: 'lisb' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(input.getAttribute('aria-expanded')).toBe('false');

    expect(await screen.findByRole('option', { name: 'Lisbon, Portugal' })).toBeTruthy();
    expect(input.getAttribute('aria-expanded')).toBe('true');

    await user.keyboard('{Escape}');
    expect(screen.queryAllByRole('option')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'port');
    const options = screen.getAllByRole('option');
    expect(options.length).toBeGreaterThan(1);
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    const second = options[1]!.textContent;
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('picked').textContent).toBe(second);
    expect((input as HTMLInputElement).value).toBe(second);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });
});
