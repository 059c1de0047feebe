import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Select } from './Select';

type Period = 'week' | 'month' | 'year';
const periods = [
  { value: 'week', label: 'Last week' },
  { value: 'month', label: 'Last month' },
  { value: 'year', label: 'Last year', disabled: true },
] as const;

function Harness({ onChange }: { onChange: (value: Period) => void }) {
  const [value, setValue] = useState<Period>('week');
  return (
    <Select
      label="Period"
      value={value}
      options={periods}
      hint="Counted in your time zone"
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('Select', () => {
  it('is named by its label, described by its hint, and hands back the chosen option', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Period' });
    expect(select.value).toBe('week');
    expect(screen.getByRole('option', { name: 'Last year' }).hasAttribute('disabled')).toBe(true);
    expect(select.getAttribute('aria-describedby')).toBe(screen.getByText('Counted in your time zone').id);

    await user.selectOptions(select, 'Last month');
    expect(onChange).toHaveBeenCalledWith('month');
    expect(select.value).toBe('month');
  });

  it('keeps a hidden label for screen readers, and takes the id, name and disabled it is given', () => {
    render(<Select label="Sort" hideLabel id="sort" name="sort" disabled value="new" options={[{ value: 'new', label: 'Newest' }]} onChange={() => {}} />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort' });
    expect(select.id).toBe('sort');
    expect(select.name).toBe('sort');
    expect(select.disabled).toBe(true);
    expect(screen.getByText('Sort').className).toBe('visually-hidden');
  });
});
