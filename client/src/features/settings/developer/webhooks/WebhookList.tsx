import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import * as MESSAGES from '@domain/messages';
import { DeleteWebhookDocument, RotateWebhookSecretDocument, type WebhookItemFragment } from '@gql/graphql';
import { serverRefusal } from '@shell/serverError';
import { ConfirmDialog } from '@ui/ConfirmDialog';
import { WebhookDeliveries } from './WebhookDeliveries';
import { WEBHOOK_EVENT_LABELS } from './webhookChoices';

type Webhook = WebhookItemFragment;

interface WebhookListProps {
  webhooks: readonly Webhook[];
  /** A new signing secret, which the server shows this once. */
  onRotated(secret: string): void;
  onDeleted(): void;
}

/**
 * The viewer's endpoints, each with its events and state, its delivery log on demand, and ways to
 * rotate its secret or delete it. A list of cards rather than a table: each holds a table of its own.
 */
export function WebhookList({ webhooks, onRotated, onDeleted }: WebhookListProps) {
  const [rotateSecret, rotating] = useMutation(RotateWebhookSecretDocument);
  const [deleteWebhook, deleting] = useMutation(DeleteWebhookDocument);
  const [open, setOpen] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ kind: 'rotate' | 'delete'; webhook: Webhook } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function act(kind: 'rotate' | 'delete', webhook: Webhook) {
    setConfirming(null);
    setProblem(null);
    try {
      if (kind === 'rotate') {
        const { data } = await rotateSecret({ variables: { input: { id: webhook.id } } });
        const secret = data?.rotateWebhookSecret.secret;
        if (!secret) throw new Error('no secret in the answer');
        onRotated(secret);
      } else {
        await deleteWebhook({ variables: { input: { id: webhook.id } } });
        onDeleted();
      }
    } catch (error) {
      setProblem(serverRefusal(error)?.message ?? MESSAGES.somethingWentWrong);
    }
  }

  if (webhooks.length === 0) return <p>You have no webhooks.</p>;
  const busy = rotating.loading || deleting.loading;
  return (
    <>
      <ul className="webhook-list">
        {webhooks.map((webhook) => {
          const showing = open === webhook.id;
          return (
            <li key={webhook.id} className="webhook-list__item">
              <p className="webhook-list__url">
                <code>{webhook.url}</code> <span className="token-list__hint">secret …{webhook.secretHint}</span>
              </p>
              <p className="webhook-list__meta">
                <span className={webhook.active ? 'webhook-list__state' : 'webhook-list__state webhook-list__state--off'}>{webhook.active ? 'Active' : 'Inactive'}</span>
                {' · '}
                {webhook.events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(', ')}
              </p>
              <div className="webhook-list__actions">
                <button type="button" className="button button--outline" aria-expanded={showing} aria-label={`${showing ? 'Hide deliveries' : 'Deliveries'} to ${webhook.url}`} onClick={() => setOpen(showing ? null : webhook.id)}>
                  {showing ? 'Hide deliveries' : 'Deliveries'}
                </button>
                <button type="button" className="button button--outline" disabled={busy} aria-label={`Rotate secret of ${webhook.url}`} onClick={() => setConfirming({ kind: 'rotate', webhook })}>
                  Rotate secret
                </button>
                <button type="button" className="button button--outline" disabled={busy} aria-label={`Delete ${webhook.url}`} onClick={() => setConfirming({ kind: 'delete', webhook })}>
                  Delete
                </button>
              </div>
              {showing && <WebhookDeliveries webhookId={webhook.id} url={webhook.url} />}
            </li>
          );
        })}
      </ul>
      {problem && (
        <p className="token-form__problem" role="alert">
          {problem}
        </p>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.kind === 'delete' ? 'Delete webhook?' : 'Rotate secret?'}
        yesLabel={confirming?.kind === 'delete' ? 'Delete' : 'Rotate'}
        noLabel="Cancel"
        primary="no"
        onYes={() => confirming && void act(confirming.kind, confirming.webhook)}
        onNo={() => setConfirming(null)}
      >
        {confirming?.kind === 'delete' && `Nothing more is sent to ${confirming.webhook.url}, and its delivery log is deleted. This cannot be undone.`}
        {confirming?.kind === 'rotate' && `The current secret stops signing at once: ${confirming.webhook.url} must check signatures with the new one.`}
      </ConfirmDialog>
    </>
  );
}
