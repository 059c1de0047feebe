import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CheckboxList } from './CheckboxList';

const NETWORKS = [
  { value: 'instagram', label: 'Instagram' },
  { value: 'tiktok', label: 'TikTok' },
  { value: 'youtube', label: 'YouTube' },
] as const;

function Harness() {
  const [values, setValues] = useState<string[]>(['youtube']);
  return (
    <>
      <CheckboxList label="Networks" options={NETWORKS} values={values} onChange={setValues} />
      <p data-testid="values">{values.join(',')}</p>
    </>
  );
}

describe('CheckboxList', () => {
  it('is a named group of checkboxes; ticking and unticking gives the ticked values in the options’ order', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const group = within(screen.getByRole('group', { name: 'Networks' }));
    expect((group.getByRole('checkbox', { name: 'YouTube' }) as HTMLInputElement).checked).toBe(true);
    await user.click(group.getByRole('checkbox', { name: 'Instagram' }));
    expect(screen.getByTestId('values').textContent).toBe('instagram,youtube');
    await user.click(group.getByRole('checkbox', { name: 'YouTube' }));
    expect(screen.getByTestId('values').textContent).toBe('instagram');
  });
});
