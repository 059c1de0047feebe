import type { ReactNode } from 'react';
import './empty-state.css';

export interface EmptyStateProps {
  /** One sentence saying what is missing ("No reports yet."). */
  title: ReactNode;
  /** More words: what fills this place, or where to start. */
  children?: ReactNode;
  /** A button or link that fills it. */
  action?: ReactNode;
}

/**
 * A place with nothing in it yet, in one look across pages. A plain block, not a status or a
 * heading: it is part of the page as loaded, not news, and not a section of its own.
 */
export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <p className="empty-state__title">{title}</p>
      {children && <div className="empty-state__body">{children}</div>}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}
