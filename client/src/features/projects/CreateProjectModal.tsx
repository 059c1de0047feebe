import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { MAX_PROJECT_CLIENT_NAME_LENGTH, MAX_PROJECT_NAME_LENGTH } from '@domain/projects';
import { CreateProjectDocument, type ProjectVisibility } from '@gql/graphql';
import { Modal } from '@ui/Modal';
import { Select } from '@ui/Select';
import { TextField } from '@ui/TextField';
import { DateField, FormEnd, VisibilitySelect } from './ProjectFormFields';
import { projectErrorMessage } from './projectLabels';

export interface OwnerChoice {
  /** A team's global id, or '' for the viewer themselves. */
  teamId: string;
  label: string;
}

interface CreateProjectModalProps {
  /** Who may own it: the viewer, and the teams they manage. */
  owners: readonly OwnerChoice[];
  /** The owner chosen first (a team's page starts its projects for the team). */
  initialTeamId?: string;
  onClose: () => void;
  /** The new project's address, to open it. */
  onCreated: (path: string) => void;
}

/**
 * "New project": a name, the owner (you or a team you manage), the client and the dates, and who
 * sees it. Private by default (docs/product.md §Projects); the rest can be filled in later.
 */
export function CreateProjectModal({ owners, initialTeamId = '', onClose, onCreated }: CreateProjectModalProps) {
  const [name, setName] = useState('');
  const [teamId, setTeamId] = useState(initialTeamId);
  const [clientName, setClientName] = useState('');
  const [startsOn, setStartsOn] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [visibility, setVisibility] = useState<ProjectVisibility>('PRIVATE');
  const [error, setError] = useState<string | null>(null);
  const [createProject, { loading }] = useMutation(CreateProjectDocument, { refetchQueries: ['ProjectsList'] });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const input = { name, visibility, ownerTeamId: teamId || null, clientName: clientName.trim() || null, startsOn: startsOn || null, endsOn: endsOn || null };
      const result = await createProject({ variables: { input } });
      if (result.data) onCreated(result.data.createProject.project.path);
    } catch (failure) {
      setError(projectErrorMessage(failure));
    }
  };

  return (
    <Modal title="New project" onClose={onClose} testId="create-project-modal">
      <form className="projects__form" onSubmit={submit} noValidate>
        <TextField label="Project name" value={name} onChange={setName} required maxLength={MAX_PROJECT_NAME_LENGTH} />
        {owners.length > 1 && <Select label="Owner" value={teamId} options={owners.map((owner) => ({ value: owner.teamId, label: owner.label }))} onChange={setTeamId} />}
        <TextField label="Client" hint="The brand or company it is for (optional)." value={clientName} onChange={setClientName} maxLength={MAX_PROJECT_CLIENT_NAME_LENGTH} />
        <div className="projects__dates">
          <DateField label="Starts" value={startsOn} onChange={setStartsOn} />
          <DateField label="Ends" value={endsOn} onChange={setEndsOn} />
        </div>
        <VisibilitySelect value={visibility} onChange={setVisibility} />
        <FormEnd error={error} busy={loading} submitLabel="Create project" busyLabel="Creating..." onCancel={onClose} />
      </form>
    </Modal>
  );
}
