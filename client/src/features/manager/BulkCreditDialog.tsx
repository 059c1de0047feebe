import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { AddCreditDocument, AddCreditOptionsDocument, ViewerDocument } from '@gql/graphql';
import { PersonPicker, RolePicker, personInput, personLabel, type ChosenPerson } from '@features/credits';
import { Modal } from '@ui/Modal';
import { useToggleSet } from '@ui/useToggleSet';

interface BulkCreditDialogProps {
  /** The selected posts' global ids. */
  postIds: string[];
  onClose: () => void;
  /** What happened, for the actions bar to say. */
  onDone: (message: string) => void;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * Credit one person (on Byline, by email or by social handle) in one or more roles on every
 * selected post: one call per post and role, as the post page's dialog makes them. The server
 * decides per post who may credit others there; a refused or repeated credit is counted apart.
 */
export function BulkCreditDialog({ postIds, onClose, onDone }: BulkCreditDialogProps) {
  const options = useQuery(AddCreditOptionsDocument);
  const viewer = useQuery(ViewerDocument).data?.viewer;
  const [addCredit] = useMutation(AddCreditDocument);
  const [person, setPerson] = useState<ChosenPerson | null>(null);
  const [roleIds, toggleRole] = useToggleSet<string>();
  const [busy, setBusy] = useState(false);
  /** After crediting someone by handle: the links to send them (one per post and role), and what to say once closed. */
  const [claims, setClaims] = useState<{ links: string[]; message: string } | null>(null);
  const linksId = useId();
  const roles = (options.data?.creditRoles ?? []).filter((role) => roleIds.has(role.id));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!person || roles.length === 0 || busy) return;
    setBusy(true);
    let done = 0;
    let refused = 0;
    const links: string[] = [];
    for (const postId of postIds) {
      for (const role of roles) {
        try {
          const result = await addCredit({ variables: { input: { postId, roleId: role.id, person: personInput(person) } } });
          const claimUrl = result.data?.addCredit.claimUrl;
          if (claimUrl) links.push(claimUrl);
          done += 1;
        } catch {
          refused += 1;
        }
      }
    }
    setBusy(false);
    const who = viewer && person.kind === 'user' && person.userId === viewer.id ? 'you' : personLabel(person);
    const message = `Credited ${who} ${plural(done, 'time')} on ${plural(postIds.length, 'post')}${refused ? `; ${refused} already given or not yours to give` : ''}.`;
    // Someone invited by handle gets nothing unless these links are sent to them: show them first.
    if (links.length > 0) setClaims({ links, message });
    else onDone(message);
  };

  if (claims) {
    return (
      <Modal title={`Credit someone on ${plural(postIds.length, 'post')}`} onClose={() => onDone(claims.message)} className="add-credit" testId="bulk-credit-dialog">
        <p role="status">{claims.message}</p>
        <label className="credit-field__label" htmlFor={linksId}>
          Send {person ? personLabel(person) : 'them'} these links so they can claim each credit:
        </label>
        <textarea id={linksId} className="text-input" readOnly rows={Math.min(claims.links.length, 6)} value={claims.links.join('\n')} />
        <div className="modal__actions">
          <button type="button" className="button button--outline" onClick={() => void navigator.clipboard?.writeText(claims.links.join('\n'))}>
            Copy links
          </button>
          <button type="button" className="button button--primary" onClick={() => onDone(claims.message)}>
            Done
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title={`Credit someone on ${plural(postIds.length, 'post')}`} onClose={onClose} className="add-credit" testId="bulk-credit-dialog">
      <form onSubmit={(event) => void submit(event)}>
        {viewer && (
          <PersonPicker
            networks={options.data?.networks ?? []}
            viewer={{ id: viewer.id, label: viewer.name ?? viewer.username ?? 'You' }}
            mayCreditOthers
            person={person}
            onChange={setPerson}
          />
        )}
        <RolePicker roles={options.data?.creditRoles ?? []} chosen={roleIds} onToggle={toggleRole} />
        <div className="modal__actions">
          <button type="button" className="button button--outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={!person || roles.length === 0 || busy}>
            {busy ? 'Crediting…' : 'Credit'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
