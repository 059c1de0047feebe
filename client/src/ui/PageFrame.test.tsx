import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ComingSoonPage } from './PageFrame';

describe('coming-soon page', () => {
  it('renders the page frame: heading, purpose and an honest note', () => {
    render(<ComingSoonPage heading="Lists" purpose="Your lists of creators, such as Favorites and Prospects." />);
    const heading = screen.getByRole('heading', { level: 1, name: 'Lists' });
    const region = screen.getByRole('region', { name: 'Lists' });
    expect(region.contains(heading)).toBe(true);
    expect(screen.getByText('Your lists of creators, such as Favorites and Prospects.')).toBeTruthy();
    expect(screen.getByText('Coming soon.')).toBeTruthy();
  });

  it('does not pretend to work: no forms or controls on a page that is later work', () => {
    const { container } = render(<ComingSoonPage heading="Explore" purpose="Search posts by network, tags and numbers." />);
    expect(screen.getByRole('heading', { level: 1, name: 'Explore' })).toBeTruthy();
    expect(screen.getByText('Coming soon.')).toBeTruthy();
    expect(container.querySelectorAll('form, input, button, select, textarea')).toHaveLength(0);
  });
});
