import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Skeleton } from './Skeleton';

describe('Skeleton', () => {
  it('shows blocks hidden from screen readers and one status saying it is loading', () => {
    const { container } = render(<Skeleton lines={4} label="Loading…" />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.getByRole('status').className).toBe('visually-hidden');
    const blocks = container.querySelector('.skeleton__blocks');
    expect(blocks?.getAttribute('aria-hidden')).toBe('true');
    expect(blocks?.children).toHaveLength(4);
    expect(container.querySelector('.skeleton--text')).not.toBeNull();
  });

  it('says nothing without a label, and takes the shape it is given', () => {
    const { container } = render(<Skeleton shape="tile" lines={6} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.querySelector('.skeleton--tile .skeleton__blocks')?.children).toHaveLength(6);
  });
});
