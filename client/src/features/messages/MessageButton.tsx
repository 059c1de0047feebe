import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { ViewerDocument } from '@gql/graphql';
import { Part } from '@ui/Part';
import { preloadable } from '@ui/preloadable';

// The dialog (its mutation and form) loads when it is about to be used: on the button's first hover, focus or press.
const composeDialog = preloadable(() => import('./ComposeDialog'));

/** Whom to write to, and the job or project it is about when started from one (global ids). */
export interface MessageTarget {
  userId: string;
  /** The person's name as the page shows it. */
  name: string;
  jobId?: string | null;
  jobName?: string | null;
  projectId?: string | null;
  projectName?: string | null;
}

/**
 * "Message" beside a person (docs/product.md §Messages): opens a box to write to them. Shown to
 * signed-in viewers only, and never on their own card.
 */
export function MessageButton(target: MessageTarget) {
  const { data } = useQuery(ViewerDocument);
  const [open, setOpen] = useState(false);
  const viewer = data?.viewer;
  if (!viewer || viewer.id === target.userId) return null;
  return (
    <>
      <button
        type="button"
        className="button button--outline button--small message-button"
        aria-label={`Message ${target.name}`}
        {...composeDialog.intent}
        onClick={() => setOpen(true)}
      >
        Message
      </button>
      {open && (
        <Part fallback={null}>
          <composeDialog.Component target={target} onClose={() => setOpen(false)} />
        </Part>
      )}
    </>
  );
}
