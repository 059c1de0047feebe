import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterNextPaint } from './useAfterNextPaint';

function Probe() {
  return <p>{useAfterNextPaint() ? 'after paint' : 'first frame'}</p>;
}

describe('useAfterNextPaint', () => {
  it('is false in the first render and true once a frame has passed', async () => {
    render(<Probe />);
    expect(screen.getByText('first frame')).toBeTruthy();
    expect(await screen.findByText('after paint')).toBeTruthy();
  });
});
