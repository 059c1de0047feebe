import { useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import * as MESSAGES from '@domain/messages';
import { AddCreditOptionsDocument, ViewerDocument } from '@gql/graphql';
import { Modal } from '@ui/Modal';
import { AddCreditResults } from './AddCreditResults';
import { personLabel, type ChosenPerson } from './creditPerson';
import { PersonPicker } from './PersonPicker';
import { RolePicker } from './RolePicker';
import { useAddCredits } from './useAddCredits';
import { Skeleton } from '@ui/Skeleton';
import { useToggleSet } from '@ui/useToggleSet';
import { useAfterNextPaint } from '@ui/useAfterNextPaint';

export interface AddCreditDialogProps {
  /** The post's global id. */
  postId: string;
  /** The post's `viewerCan.addCredit`: may credit other people; without it, only themselves. */
  mayCreditOthers: boolean;
  onClose: () => void;
}

/**
 * The "Add credit" dialog. Its frame and heading open at the click's next paint; the form, a long
 * list of roles to lay out, follows a frame later (docs/product.md §Accessibility).
 */
export function AddCreditDialog(props: AddCreditDialogProps) {
  const painted = useAfterNextPaint();
  return (
    <Modal title="Add credit" onClose={props.onClose} className="add-credit" testId="add-credit-dialog">
      {painted ? <AddCreditForm {...props} /> : <Skeleton lines={3} label="Loading…" />}
    </Modal>
  );
}

/**
 * Credit a person on a post in one or more roles. Each role is its own credit, so each gets
 * its own answer (a role already given to that person says "That resource already exists"
 * while the others are added). A credit for someone else is pending until they accept;
 * someone invited by handle needs the link shown at the end.
 */
function AddCreditForm({ postId, mayCreditOthers, onClose }: AddCreditDialogProps) {
  const options = useQuery(AddCreditOptionsDocument);
  const viewerQuery = useQuery(ViewerDocument);
  const viewer = viewerQuery.data?.viewer;
  const self = viewer ? { id: viewer.id, label: viewer.name ?? viewer.username ?? 'You' } : null;

  const [chosenPerson, setPerson] = useState<ChosenPerson | null>(null);
  const [roleIds, toggleRole, setRoleIds] = useToggleSet<string>();
  const { add, adding, results } = useAddCredits(postId);
  const [resultsFor, setResultsFor] = useState('');

  // Without the right to credit others, the person is always the viewer.
  const person: ChosenPerson | null = mayCreditOthers ? chosenPerson : self && { kind: 'user', userId: self.id, label: self.label };
  const roles = options.data?.creditRoles ?? [];
  const chosenRoles = roles.filter((role) => roleIds.has(role.id));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!person || chosenRoles.length === 0 || adding) return;
    setResultsFor(self && person.kind === 'user' && person.userId === self.id ? 'you' : personLabel(person));
    const outcome = await add(person, chosenRoles);
    // Roles that went through are done; the ones refused stay ticked to fix or drop.
    const added = new Set(outcome.flatMap((result) => (result.ok ? [result.role.id] : [])));
    setRoleIds((current) => new Set([...current].filter((id) => !added.has(id))));
  };

  return (
    <>
      {(options.loading || viewerQuery.loading) && <Skeleton lines={3} label="Loading…" />}
      {options.error && <p role="alert">{MESSAGES.unexpected}</p>}
      {options.data && self && (
        <form className="add-credit__form" onSubmit={(event) => void submit(event)} noValidate>
          <PersonPicker
            networks={options.data.networks}
            viewer={self}
            mayCreditOthers={mayCreditOthers}
            person={person}
            onChange={setPerson}
          />
          <RolePicker roles={roles} chosen={roleIds} onToggle={toggleRole} />
          {results && <AddCreditResults results={results} personLabel={resultsFor} />}
          <div className="modal__actions">
            <button type="button" className="button button--outline" onClick={onClose}>
              {results ? 'Done' : 'Cancel'}
            </button>
            <button type="submit" className="button button--primary" disabled={!person || chosenRoles.length === 0 || adding}>
              {adding ? 'Adding…' : chosenRoles.length > 1 ? `Add ${chosenRoles.length} credits` : 'Add credit'}
            </button>
          </div>
        </form>
      )}
    </>
  );
}
