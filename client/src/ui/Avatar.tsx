import { usePictureFailure } from './usePictureFailure';
import './avatar.css';

function initials(name: string | null): string {
  const letters = (name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/**
 * A person's or an account's picture, or their initials when there is none or it fails to load (a
 * network's picture address expires, or the page's policy blocks it). Decorative: the link or row
 * beside it carries the name. The initials are drawn by CSS (`data-initials`), as an icon's glyph
 * is, not written as text: a link named "Your profile" around them would otherwise have visible
 * text its name does not hold (WCAG's label in name).
 */
export function Avatar({ name, avatarUrl, className = 'avatar', size = 32 }: { name: string | null; avatarUrl: string | null; className?: string; size?: number }) {
  const { failed, pictureProps } = usePictureFailure(avatarUrl);
  return avatarUrl && !failed ? (
    <img {...pictureProps} className={className} src={avatarUrl} alt="" width={size} height={size} />
  ) : (
    <span className={`${className} avatar--initials`} aria-hidden="true" data-initials={initials(name)} />
  );
}
