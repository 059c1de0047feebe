import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import * as MESSAGES from '@domain/messages';
import { CreateWebhookDocument, type WebhookEvent } from '@gql/graphql';
import { serverRefusal } from '@shell/serverError';
import { CheckboxList } from '@ui/CheckboxList';
import { TextField } from '@ui/TextField';
import { WEBHOOK_EVENT_OPTIONS } from './webhookChoices';

interface CreateWebhookFormProps {
  /** The signing secret, which the server shows this once. */
  onCreated(secret: string): void;
}

/** Registers an endpoint: where to POST, and which events. */
export function CreateWebhookForm({ onCreated }: CreateWebhookFormProps) {
  const [createWebhook, { loading }] = useMutation(CreateWebhookDocument);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (events.length === 0) {
      setProblem('Choose at least one event.');
      return;
    }
    try {
      const { data } = await createWebhook({ variables: { input: { url: url.trim(), events, active: true } } });
      const secret = data?.createWebhook.secret;
      if (!secret) throw new Error('no secret in the answer');
      setUrl('');
      setEvents([]);
      onCreated(secret);
    } catch (error) {
      setProblem(serverRefusal(error)?.message ?? MESSAGES.somethingWentWrong);
    }
  }

  return (
    <form className="token-form" onSubmit={(event) => void submit(event)}>
      <TextField label="Payload URL" type="url" value={url} maxLength={2048} required placeholder="https://example.com/byline-webhook" onChange={setUrl} />
      <CheckboxList label="Events" options={WEBHOOK_EVENT_OPTIONS} values={events} onChange={setEvents} />
      {problem && (
        <p className="token-form__problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={loading}>
        {loading ? 'Adding…' : 'Add webhook'}
      </button>
    </form>
  );
}
