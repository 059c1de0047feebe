import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TextField } from './TextField';

function Harness({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <>
      <TextField label="Email" type="email" value={value} onChange={setValue} hint="We never share it" error={error} autoComplete="email" required />
      <p data-testid="value">{value}</p>
    </>
  );
}

describe('TextField', () => {
  it('is named by its label and hands back what is typed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Email' });
    expect(input.type).toBe('email');
    expect(input.required).toBe(true);
    expect(input.autocomplete).toBe('email');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByText('We never share it').id);

    await user.type(input, 'ana@example.com');
    expect(screen.getByTestId('value').textContent).toBe('ana@example.com');
  });

  it('shows an error under the field, read with it, and marks it invalid', () => {
    render(<Harness error="Enter a valid email address" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    const error = screen.getByText('Enter a valid email address');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toEqual([screen.getByText('We never share it').id, error.id]);
  });

  it('keeps a hidden label for screen readers', () => {
    render(<TextField label="Search" type="search" hideLabel placeholder="Search posts" value="" onChange={() => {}} />);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeTruthy();
    expect(screen.getByText('Search').className).toBe('visually-hidden');
  });
});
