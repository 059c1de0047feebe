import './skeleton.css';

export interface SkeletonProps {
  /** How many placeholder blocks (text lines, cards or tiles). */
  lines?: number;
  shape?: 'text' | 'card' | 'tile';
  /** Said once to screen readers while the blocks show ("Loading…"); the blocks themselves are hidden from them. */
  label?: string;
}

/** Grey blocks where content is on its way, shaped like what will come, so the page does not jump. */
export function Skeleton({ lines = 3, shape = 'text', label }: SkeletonProps) {
  return (
    <div className={`skeleton skeleton--${shape}`}>
      {label && (
        <p role="status" className="visually-hidden">
          {label}
        </p>
      )}
      <div className="skeleton__blocks" aria-hidden="true">
        {Array.from({ length: Math.max(1, lines) }, (_, index) => (
          <span key={index} className="skeleton__block" />
        ))}
      </div>
    </div>
  );
}
