import { useId, type ReactNode } from 'react';
import './page-frame.css';

interface PageFrameProps {
  heading: string;
  /** One sentence: what the page is for. */
  purpose: ReactNode;
  children?: ReactNode;
}

/** A page's frame: its heading, what it is for, then its content. */
export function PageFrame({ heading, purpose, children }: PageFrameProps) {
  const headingId = useId();
  return (
    <section className="page" aria-labelledby={headingId}>
      <h1 id={headingId}>{heading}</h1>
      <p className="page__purpose">{purpose}</p>
      {children}
    </section>
  );
}

/** A page whose content is later work: its real frame and an honest note, nothing that pretends to work. */
export function ComingSoonPage({ heading, purpose }: Omit<PageFrameProps, 'children'>) {
  return (
    <PageFrame heading={heading} purpose={purpose}>
      <p className="page__coming-soon">Coming soon.</p>
    </PageFrame>
  );
}
