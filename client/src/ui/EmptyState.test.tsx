import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('says what is missing in a plain block, with optional words and an action', () => {
    const { container } = render(
      <EmptyState title="No reports yet." action={<button type="button">Create a report</button>}>
        <p>Reports sum up a creator’s posts over a period.</p>
      </EmptyState>,
    );
    expect(screen.getByText('No reports yet.').className).toBe('empty-state__title');
    expect(screen.getByText('Reports sum up a creator’s posts over a period.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create a report' })).toBeTruthy();
    // Not news and not a section: no status to announce, no heading to jump to.
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(container.querySelector('.empty-state__action')).not.toBeNull();
  });

  it('is only its title when nothing else is given', () => {
    const { container } = render(<EmptyState title="No accounts yet." />);
    expect(container.querySelector('.empty-state')?.children).toHaveLength(1);
  });
});
