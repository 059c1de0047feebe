import { Suspense, useEffect, useId, type ReactNode } from 'react';
import { partDone, partWaiting } from './hydration';

function Waiting({ id }: { id: string }) {
  useEffect(() => partWaiting(id), [id]);
  return null;
}

function Done({ id }: { id: string }) {
  useEffect(() => partDone(id), [id]);
  return null;
}

/**
 * A Suspense boundary that tells ui/hydration.ts when its content is on screen: use it instead of
 * `Suspense` for any part a server-rendered page may hold, so that the app is called ready only
 * once every part has been taken over. Neither marker renders anything, so the markup is the same.
 */
export function Part({ fallback = null, children }: { fallback?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <>
      <Waiting id={id} />
      <Suspense fallback={fallback}>
        {children}
        <Done id={id} />
      </Suspense>
    </>
  );
}
