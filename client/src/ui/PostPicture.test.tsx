import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './Avatar';
import { PostPicture } from './PostPicture';

describe('a post picture', () => {
  it('shows the picture when Byline has one', () => {
    render(<PostPicture className="thumb" src="/media/posts/7/thumbnail?w=320" network={{ name: 'tiktok', title: 'TikTok' }} alt="Launch film" />);
    const picture = screen.getByRole('img', { name: 'Launch film' });
    expect(picture.tagName).toBe('IMG');
    expect(picture.getAttribute('src')).toBe('/media/posts/7/thumbnail?w=320');
    expect(screen.queryByTestId('post-picture-none')).toBeNull();
  });

  it('shows a tile naming the network when there is no picture', () => {
    const { container } = render(<PostPicture className="thumb" src={null} network={{ name: 'instagram', title: 'Instagram' }} />);
    const tile = screen.getByRole('img', { name: 'Instagram post (picture not available)' });
    expect(tile.tagName).toBe('SPAN');
    // The caller's class sizes the tile as it would the picture.
    expect(tile.className).toBe('thumb post-picture-none');
    expect(tile.textContent).toBe('IGInstagram');
    expect(container.querySelector('img')).toBeNull();
  });

  it('finds the mark by the title when the query asked for no machine name', () => {
    render(<PostPicture className="thumb" src={undefined} network={{ title: 'YouTube' }} />);
    expect(screen.getByRole('img', { name: 'YouTube post (picture not available)' }).textContent).toBe('YTYouTube');
  });

  it('swaps a picture that fails to load for the tile, and tries a new address again', () => {
    const { container, rerender } = render(<PostPicture className="thumb" src="/media/posts/8/thumbnail?w=80" network={{ name: 'tiktok', title: 'TikTok' }} />);
    fireEvent.error(container.querySelector('img')!);
    expect(screen.getByRole('img', { name: 'TikTok post (picture not available)' }).tagName).toBe('SPAN');
    expect(container.querySelector('img')).toBeNull();

    rerender(<PostPicture className="thumb" src="/media/posts/9/thumbnail?w=80" network={{ name: 'tiktok', title: 'TikTok' }} />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/media/posts/9/thumbnail?w=80');
  });

  it('notices a picture that had already failed when the app took the page over', () => {
    // A server-rendered picture can fail before hydration, when no one listens for `error`: the
    // browser then reports it finished (complete) with no width.
    const complete = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'complete')!;
    Object.defineProperty(HTMLImageElement.prototype, 'complete', { configurable: true, get: () => true });
    try {
      render(<PostPicture className="thumb" src="https://cdn.network.example/cover.jpg" network={{ name: 'snapchat', title: 'Snapchat' }} />);
      expect(screen.getByRole('img', { name: 'Snapchat post (picture not available)' }).tagName).toBe('SPAN');
    } finally {
      Object.defineProperty(HTMLImageElement.prototype, 'complete', complete);
    }
  });
});

describe('an avatar', () => {
  it('falls back to initials when the picture fails to load', () => {
    const { container } = render(<Avatar name="Ana Lima" avatarUrl="https://p16.tiktokcdn.example/avatar.jpeg" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    // Drawn by CSS from the attribute, so the link around it keeps a name that holds its visible text.
    expect(container.querySelector('.avatar--initials')?.getAttribute('data-initials')).toBe('AL');
  });
});
