import type { ReactElement, ReactNode } from 'react';
import * as MESSAGES from '@domain/messages';

/**
 * What a content page (a blog post, a help article) shows while its query is on its way, or
 * when it failed; null once the answer is there, and the page shows it (or its not-found page).
 */
export function pendingContent(loading: boolean, error: unknown, skeleton: ReactNode): ReactElement | null {
  if (loading) {
    return (
      <section className="page" aria-busy="true">
        {skeleton}
      </section>
    );
  }
  if (error) {
    return (
      <section className="page">
        <p role="alert">{MESSAGES.unexpected}</p>
      </section>
    );
  }
  return null;
}
