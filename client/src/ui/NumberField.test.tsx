import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { NumberField } from './NumberField';

function Harness({ start = null }: { start?: number | null }) {
  const [value, setValue] = useState<number | null>(start);
  return (
    <>
      <NumberField label="Minimum followers" value={value} onChange={setValue} min={0} step={100} unit="followers" error={value === 7 ? 'Too few' : null} />
      <p data-testid="value">{value === null ? 'null' : String(value)}</p>
    </>
  );
}

describe('NumberField', () => {
  it('is named by its label and hands back a number, or null once emptied', async () => {
    const user = userEvent.setup();
    render(<Harness start={250} />);
    const input = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Minimum followers' });
    expect(input.value).toBe('250');
    expect(input.min).toBe('0');
    expect(input.step).toBe('100');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByText('followers').id);

    await user.clear(input);
    expect(screen.getByTestId('value').textContent).toBe('null');
    expect(input.value).toBe('');

    await user.type(input, '1500');
    expect(screen.getByTestId('value').textContent).toBe('1500');
  });

  it('marks itself invalid with its error read with it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('spinbutton', { name: 'Minimum followers' });
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    await user.type(input, '7');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(screen.getByText('Too few').id);
  });
});
