import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateRange, type DateRangeValue } from './DateRange';

function Harness() {
  const [range, setRange] = useState<DateRangeValue>({ from: '2024-03-01', to: null });
  return (
    <>
      <DateRange label="Posted" from={range.from} to={range.to} onChange={setRange} />
      <p data-testid="range">{JSON.stringify(range)}</p>
    </>
  );
}

describe('DateRange', () => {
  it('groups its two dates under the legend and hands back both ends, empty as null', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Posted' });
    const from = within(group).getByLabelText<HTMLInputElement>('From');
    const to = within(group).getByLabelText<HTMLInputElement>('To');
    expect(from.type).toBe('date');
    expect(from.value).toBe('2024-03-01');
    expect(to.value).toBe('');
    // Each end's picker stops at the other end.
    expect(to.min).toBe('2024-03-01');
    expect(from.max).toBe('');

    await user.type(to, '2024-03-31');
    expect(JSON.parse(screen.getByTestId('range').textContent ?? '')).toEqual({ from: '2024-03-01', to: '2024-03-31' });
    expect(from.max).toBe('2024-03-31');

    await user.clear(from);
    expect(JSON.parse(screen.getByTestId('range').textContent ?? '')).toEqual({ from: null, to: '2024-03-31' });
  });
});
