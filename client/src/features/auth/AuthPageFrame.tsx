import { useId, type ReactNode } from 'react';
import { Skeleton } from '@ui/Skeleton';
import './auth.css';

/** The narrow card every sign-in and sign-up page sits in, under its page heading. */
export function AuthPageFrame({ heading, children }: { heading: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="page auth-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{heading}</h1>
      <div className="auth-page__card">{children}</div>
    </section>
  );
}

/** Shown while the page finds out who is signed in. */
export function AuthPageLoading({ heading }: { heading: string }) {
  return (
    <AuthPageFrame heading={heading}>
      <Skeleton lines={3} label="Loading…" />
    </AuthPageFrame>
  );
}
