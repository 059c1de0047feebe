import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { AVAILABILITY_ROLE_IDS } from '@domain/availability';
import { creditRoleById } from '@domain/credit-roles';
import * as MESSAGES from '@domain/messages';
import { SettingsAvailabilityDocument, UpdateAvailabilityDocument, type SettingsAvailabilityQuery } from '@gql/graphql';
import { serverRefusal } from '@shell/serverError';
import { CheckboxList } from '@ui/CheckboxList';
import { globalId } from '@ui/urlFilters';

const ROLE_OPTIONS = AVAILABILITY_ROLE_IDS.flatMap((id) => {
  const role = creditRoleById(id);
  return role ? [{ value: String(role.id), label: `${role.emoji} ${role.name}` }] : [];
});

/**
 * Availability (docs/product.md §Profiles): open to work, for which roles, from which day. Shown
 * on the profile and creator cards, and found by the creator search's "Open to work" filter.
 */
export function AvailabilitySection() {
  const headingId = useId();
  const { data } = useQuery(SettingsAvailabilityDocument, { fetchPolicy: 'cache-and-network' });
  const saved = data?.viewer?.availability ?? null;
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Availability</h2>
      {saved && <AvailabilityForm saved={saved} />}
    </section>
  );
}

type SavedAvailability = NonNullable<SettingsAvailabilityQuery['viewer']>['availability'];

/** Starts from what is stored; the page's query loads it before the form shows. */
function AvailabilityForm({ saved }: { saved: SavedAvailability }) {
  const openId = useId();
  const fromId = useId();
  const [openToWork, setOpenToWork] = useState(saved.openToWork);
  const [roleIds, setRoleIds] = useState<string[]>(saved.roles.map((role) => String(role.databaseId)));
  const [availableFrom, setAvailableFrom] = useState(saved.availableFrom ?? '');
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [update, { loading }] = useMutation(UpdateAvailabilityDocument);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    try {
      await update({ variables: { input: { openToWork, roleIds: roleIds.map((id) => globalId('CreditRole', Number(id))), availableFrom: availableFrom || null } } });
      setStatus({ ok: true, text: 'Availability saved.' });
    } catch (error) {
      setStatus({ ok: false, text: serverRefusal(error)?.message ?? MESSAGES.somethingWentWrong });
    }
  }

  return (
    <form className="availability-form" onSubmit={(event) => void onSubmit(event)}>
      <label className="settings-form__choice" htmlFor={openId}>
        <input id={openId} type="checkbox" checked={openToWork} onChange={(event) => setOpenToWork(event.target.checked)} />
        Open to work
      </label>
      <CheckboxList label="Roles you are open to (none: any)" options={ROLE_OPTIONS} values={roleIds} onChange={setRoleIds} />
      <label htmlFor={fromId}>Available from (leave empty for now)</label>
      <input id={fromId} type="date" className="text-input" value={availableFrom} onChange={(event) => setAvailableFrom(event.target.value)} />
      <p>
        <button type="submit" className="button button--primary" disabled={loading}>
          Save availability
        </button>
      </p>
      <p role="status" className={status && !status.ok ? 'settings-form__problem' : undefined}>
        {status?.text ?? ''}
      </p>
    </form>
  );
}
