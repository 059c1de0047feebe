import { useMutation } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { CREDIT_ROLES } from '@domain/credit-roles';
import { canChangeJobStatus, checkDeadline, checkJobName, checkPay, JOB_MESSAGES, MAX_JOB_DESCRIPTION_LENGTH, MAX_JOB_NAME_LENGTH, MAX_JOB_ROLES, utcDay, type JobStatus as DomainJobStatus } from '@domain/jobs';
import { checkCurrency, formatMinorUnits, parseMinorUnits } from '@domain/project-costs';
import { CreateJobDocument, UpdateJobDocument, type JobDetailsFragment, type JobStatus } from '@gql/graphql';
import { CheckboxList } from '@ui/CheckboxList';
import { Modal } from '@ui/Modal';
import { Select } from '@ui/Select';
import { TextField } from '@ui/TextField';
import { JOB_STATUS_LABELS, jobRefusal } from './jobLabels';
import { PlaceField, type ChosenPlace } from './PlaceField';
import type { PostingTeam } from './postingTeams';

const ROLE_OPTIONS = CREDIT_ROLES.map((role) => ({ value: String(role.id), label: `${role.emoji} ${role.name}` }));
const JOB_STATUSES: readonly JobStatus[] = ['DRAFT', 'OPEN', 'CLOSED'];

function roleDatabaseIds(job: JobDetailsFragment | null): string[] {
  return job ? job.roles.map((role) => String(role.databaseId)) : [];
}

function amountText(amount: number | null | undefined, currency: string): string {
  if (amount === null || amount === undefined) return '';
  try {
    return formatMinorUnits(amount, currency);
  } catch {
    return String(amount);
  }
}

/** Where the form was opened: posting for one of the viewer's teams, or changing a job. */
export type JobFormTarget = { kind: 'create'; teams: readonly PostingTeam[]; initialTeamId?: string | null } | { kind: 'edit'; job: JobDetailsFragment };

interface JobFormModalProps {
  target: JobFormTarget;
  onClose: () => void;
  /** The job as saved: its page is opened (or refreshed). */
  onSaved: (job: JobDetailsFragment) => void;
  /** The Teams upgrade check refused: the page shows "Let's work together" for this team. */
  onNeedsSubscription: (teamDatabaseId: number) => void;
}

/**
 * Post a job, or change one (docs/product.md §Jobs): title, wanted roles, a plain text
 * description, a city or remote, pay or unpaid, a deadline and the status. The rules are the
 * domain's, checked here first so a mistake is named before the round trip; the server checks
 * them again, with the Teams upgrade check.
 */
export function JobFormModal({ target, onClose, onSaved, onNeedsSubscription }: JobFormModalProps) {
  const job = target.kind === 'edit' ? target.job : null;
  const teams = target.kind === 'create' ? target.teams : [];
  const descriptionId = useId();
  const [teamId, setTeamId] = useState(target.kind === 'create' ? (teams.find((team) => team.id === target.initialTeamId) ?? teams[0])?.id ?? '' : '');
  const team = teams.find((candidate) => candidate.id === teamId) ?? null;
  const [accountId, setAccountId] = useState(team?.companies[0]?.id ?? '');
  const [name, setName] = useState(job?.name ?? '');
  const [roleIds, setRoleIds] = useState<string[]>(roleDatabaseIds(job));
  const [description, setDescription] = useState(job?.description ?? '');
  const [place, setPlace] = useState<ChosenPlace | null>(job?.place ? { name: job.place.name, geohash: job.place.geohash } : null);
  const [remote, setRemote] = useState(job?.isRemote ?? false);
  const [unpaid, setUnpaid] = useState(job?.isUnpaid ?? false);
  const [currency, setCurrency] = useState(job?.pay?.currency ?? 'USD');
  const [payMin, setPayMin] = useState(amountText(job?.pay?.min, job?.pay?.currency ?? 'USD'));
  const [payMax, setPayMax] = useState(amountText(job?.pay?.max, job?.pay?.currency ?? 'USD'));
  const [deadline, setDeadline] = useState(job?.deadline ?? '');
  const [status, setStatus] = useState<JobStatus>(job?.status ?? 'DRAFT');
  const [error, setError] = useState<string | null>(null);
  const [createJob, creating] = useMutation(CreateJobDocument, { refetchQueries: ['JobsList'] });
  const [updateJob, updating] = useMutation(UpdateJobDocument, { refetchQueries: ['JobsList'] });

  const statusOptions = JOB_STATUSES.filter((option) => (job ? canChangeJobStatus(job.status.toLowerCase() as DomainJobStatus, option.toLowerCase() as DomainJobStatus) : option !== 'CLOSED')).map((option) => ({ value: option, label: JOB_STATUS_LABELS[option] }));

  /** The form's fields as the API's, or the first rule they break. */
  const read = () => {
    const checkedName = checkJobName(name);
    if ('error' in checkedName) return { error: checkedName.error };
    if (roleIds.length === 0) return { error: JOB_MESSAGES.rolesRequired };
    if (roleIds.length > MAX_JOB_ROLES) return { error: JOB_MESSAGES.tooManyRoles };
    if (!remote && !place) return { error: JOB_MESSAGES.placeOrRemote };
    const code = unpaid ? null : checkCurrency(currency);
    if (!unpaid && code === null) return { error: JOB_MESSAGES.payCurrency };
    const min = code && payMin.trim() ? parseMinorUnits(payMin, code) : null;
    const max = code && payMax.trim() ? parseMinorUnits(payMax, code) : null;
    if ((payMin.trim() && min === null) || (payMax.trim() && max === null)) return { error: JOB_MESSAGES.payAmount };
    const pay = checkPay({ unpaid, currency: code, min, max });
    if ('error' in pay) return { error: pay.error };
    // An unchanged deadline may already be today or past; a new one must be today or later.
    if (deadline && deadline !== job?.deadline) {
      const checked = checkDeadline(deadline, utcDay(new Date()));
      if ('error' in checked) return { error: checked.error };
    }
    return {
      fields: {
        name: checkedName.name,
        roleIds: roleIds.map((id) => btoa(`CreditRole:${id}`)),
        description,
        isRemote: remote,
        place: place ? { name: place.name, geohash: place.geohash } : null,
        isUnpaid: unpaid,
        pay: pay.pay.unpaid ? null : { currency: pay.pay.currency, min: pay.pay.min, max: pay.pay.max },
        deadline: deadline || null,
      },
    };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const checked = read();
    if ('error' in checked) {
      setError(checked.error ?? null);
      return;
    }
    try {
      if (job) {
        const result = await updateJob({ variables: { input: { jobId: job.id, ...checked.fields, ...(status !== job.status ? { status } : {}) } } });
        if (result.data) onSaved(result.data.updateJob.job);
      } else {
        if (!team) return;
        if (!team.useTools) {
          onNeedsSubscription(team.databaseId);
          return;
        }
        const result = await createJob({ variables: { input: { teamId: team.id, accountId, status, ...checked.fields } } });
        if (result.data) onSaved(result.data.createJob.job);
      }
    } catch (failure) {
      const refusal = jobRefusal(failure);
      const teamNumber = job?.team?.databaseId ?? team?.databaseId;
      if (refusal.needsTeamsSubscription && teamNumber !== undefined) onNeedsSubscription(teamNumber);
      else setError(refusal.message);
    }
  };

  const busy = creating.loading || updating.loading;
  return (
    <Modal title={job ? 'Edit job' : 'Post a job'} onClose={onClose} testId="job-form" className="job-form-modal">
      <form className="job-form" onSubmit={submit} noValidate>
        {teams.length > 1 && (
          <Select
            label="Team"
            value={teamId}
            options={teams.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
            onChange={(next) => {
              setTeamId(next);
              setAccountId(teams.find((candidate) => candidate.id === next)?.companies[0]?.id ?? '');
            }}
          />
        )}
        {team && team.companies.length === 0 && (
          <p className="job-form__problem" role="alert">
            {JOB_MESSAGES.accountNotCompany} Add a company account to the team as a manager first.
          </p>
        )}
        {team && team.companies.length > 1 && <Select label="Published as" value={accountId} options={team.companies.map((company) => ({ value: company.id, label: company.label }))} onChange={setAccountId} />}
        <TextField label="Title" value={name} onChange={setName} required maxLength={MAX_JOB_NAME_LENGTH} />
        <CheckboxList label="Roles wanted" options={ROLE_OPTIONS} values={roleIds} onChange={setRoleIds} />
        <div className="job-form__field">
          <label htmlFor={descriptionId}>Description</label>
          <textarea id={descriptionId} className="text-input" rows={6} maxLength={MAX_JOB_DESCRIPTION_LENGTH} value={description} onChange={(event) => setDescription(event.target.value)} />
          <p className="job-form__hint">Plain text; web addresses become links.</p>
        </div>
        <label className="job-form__check">
          <input type="checkbox" checked={remote} onChange={(event) => setRemote(event.target.checked)} /> Remote: work from anywhere
        </label>
        <PlaceField value={place} onChange={setPlace} />
        <label className="job-form__check">
          <input type="checkbox" checked={unpaid} onChange={(event) => setUnpaid(event.target.checked)} /> Unpaid
        </label>
        {!unpaid && (
          <fieldset className="job-form__pay">
            <legend>Pay</legend>
            <TextField label="Currency" hint="ISO code, such as USD or EUR." value={currency} onChange={(next) => setCurrency(next.toUpperCase())} maxLength={3} />
            <TextField label="From" value={payMin} onChange={setPayMin} inputMode="decimal" />
            <TextField label="To" value={payMax} onChange={setPayMax} inputMode="decimal" />
          </fieldset>
        )}
        <label className="job-form__field">
          <span>Deadline (optional)</span>
          <input type="date" className="text-input" value={deadline} onChange={(event) => setDeadline(event.target.value)} />
        </label>
        {statusOptions.length > 1 && <Select label="Status" value={status} options={statusOptions} onChange={setStatus} />}
        {error && (
          <p className="job-form__problem" role="alert">
            {error}
          </p>
        )}
        <div className="job-form__actions">
          <button type="button" className="button button--outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy || (team !== null && team.companies.length === 0)}>
            {busy ? 'Saving...' : job ? 'Save job' : status === 'OPEN' ? 'Post job' : 'Save draft'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
