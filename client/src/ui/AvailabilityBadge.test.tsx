import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AvailabilityBadge } from './AvailabilityBadge';

describe('AvailabilityBadge', () => {
  it('says open to work with the roles, and from when while that day is to come', () => {
    const { rerender, container } = render(<AvailabilityBadge availability={{ openToWork: true, availableFrom: null, roles: [{ name: 'Photographer', emoji: '📷' }, { name: 'Editor', emoji: '✂️' }] }} />);
    expect(screen.getByText('Open to work')).toBeTruthy();
    expect(container.textContent).toBe('Open to work · Photographer, Editor');
    rerender(<AvailabilityBadge availability={{ openToWork: true, availableFrom: '2999-03-01', roles: [] }} />);
    expect(container.textContent).toBe('Open to work from 1 March 2999');
    rerender(<AvailabilityBadge availability={{ openToWork: false, availableFrom: null, roles: [] }} />);
    expect(container.textContent).toBe('');
  });
});
