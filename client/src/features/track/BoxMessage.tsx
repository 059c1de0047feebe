import type { ReactNode } from 'react';

/** One line of the track box's result list: `status` for progress and empty states, `alert` for errors. */
export function BoxMessage({ role, children }: { role: 'status' | 'alert'; children: ReactNode }) {
  return (
    <p className="track-box__message" role={role}>
      {children}
    </p>
  );
}
