import { useMutation } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import * as MESSAGES from '@domain/messages';
import { ChangeTeamSeatsDocument } from '@gql/graphql';
import { serverRefusal } from '@shell/serverError';

/** The server's ceiling (team-seats.service.ts). */
const MAX_SEATS = 1000;

/** Change how many seats the team pays for; the server prorates and answers the new billing. */
export function SeatsForm({ teamId, seats, baseSeats, disabled }: { teamId: string; seats: number; baseSeats: number; disabled: boolean }) {
  const inputId = useId();
  const [value, setValue] = useState(String(seats));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [changeSeats, { loading }] = useMutation(ChangeTeamSeatsDocument);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setSaved(false);
    try {
      await changeSeats({ variables: { input: { teamId, seats: Number(value) } } });
      setSaved(true);
    } catch (error) {
      setProblem(serverRefusal(error)?.message ?? MESSAGES.somethingWentWrong);
    }
  };

  return (
    <form className="team-billing__seats" onSubmit={(event) => void submit(event)}>
      <label htmlFor={inputId}>Seats</label>
      <input id={inputId} type="number" inputMode="numeric" min={baseSeats} max={MAX_SEATS} step={1} required value={value} onChange={(event) => setValue(event.target.value)} disabled={disabled} />
      <button type="submit" className="button button--primary" disabled={disabled || loading || Number(value) === seats}>
        {loading ? 'Saving…' : 'Change seats'}
      </button>
      {saved && <p role="status">Seats changed. The difference is prorated on your next invoice.</p>}
      {problem && (
        <p className="plans__problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
