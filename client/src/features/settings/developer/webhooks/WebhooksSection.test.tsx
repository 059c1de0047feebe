import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WebhookDeliveryItemFragment, WebhookItemFragment } from '@gql/graphql';
import { FakeGraphQLError } from '@test/fakeGraphQL';
import { fakeSession } from '@test/fakeSession';
import { renderApp } from '@test/renderApp';

type Webhook = WebhookItemFragment;
type Delivery = WebhookDeliveryItemFragment;

const HOOK: Webhook = {
  __typename: 'Webhook',
  id: 'V2ViaG9vazox',
  databaseId: 1,
  url: 'https://hooks.example.com/byline',
  events: ['POST_IMPORTED', 'CREDIT_ADDED'],
  active: true,
  secretHint: 'ab12',
  createdAt: '2026-11-01T10:00:00.000Z',
};

const delivery = (id: number, fields: Partial<Delivery> = {}): Delivery => ({
  __typename: 'WebhookDelivery',
  id: `V2ViaG9va0RlbGl2ZXJ5OiR7${id}`,
  databaseId: id,
  event: 'CREDIT_ADDED',
  eventId: `evt_${id}`,
  attempt: 1,
  outcome: 'SUCCEEDED',
  responseStatus: 200,
  durationMs: 42,
  responseExcerpt: '{"ok":true}',
  error: null,
  redelivery: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...fields,
});

const SECRET = 'whsec_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const ROTATED = 'whsec_ROTATED789abcdefghijklmnopqrstuvwxyzABCDEFG';

/** A signed-in account whose webhooks and delivery logs the fake server keeps. */
function accountWith(initial: Webhook[], log: Delivery[] = []) {
  let webhooks = initial;
  const calls: Array<{ operation: string; variables: Record<string, unknown> }> = [];
  return {
    calls,
    answers: {
      ...fakeSession({ username: 'maya' }).answers,
      PersonalAccessTokens: { __typename: 'Query' as const, personalAccessTokens: { __typename: 'PersonalAccessTokenConnection' as const, nodes: [] } },
      SettingsWebhooks: () => ({ __typename: 'Query' as const, webhooks: { __typename: 'WebhookConnection' as const, nodes: webhooks } }),
      WebhookDeliveries: (variables: Record<string, unknown>) => {
        calls.push({ operation: 'deliveries', variables });
        const pageOne = variables.after === null || variables.after === undefined;
        const nodes = pageOne ? log.slice(0, 10) : log.slice(10);
        return {
          __typename: 'Query' as const,
          node: {
            __typename: 'Webhook' as const,
            id: String(variables.id),
            deliveries: {
              __typename: 'WebhookDeliveryConnection' as const,
              totalCount: log.length,
              pageInfo: { __typename: 'PageInfo' as const, hasNextPage: pageOne && log.length > 10, endCursor: pageOne ? 'c10' : null },
              nodes,
            },
          },
        };
      },
      CreateWebhook: (variables: Record<string, unknown>) => {
        calls.push({ operation: 'create', variables });
        const input = variables.input as { url: string; events: Webhook['events'] };
        if (!input.url.startsWith('https://')) throw new FakeGraphQLError('A webhook URL must use https or http.');
        const created: Webhook = { ...HOOK, id: 'V2ViaG9vazoy', databaseId: 2, url: input.url, events: input.events, secretHint: SECRET.slice(-4) };
        webhooks = [created, ...webhooks];
        return { __typename: 'Mutation' as const, createWebhook: { __typename: 'CreateWebhookPayload' as const, secret: SECRET, webhook: created } };
      },
      RotateWebhookSecret: (variables: Record<string, unknown>) => {
        calls.push({ operation: 'rotate', variables });
        webhooks = webhooks.map((webhook) => ({ ...webhook, secretHint: ROTATED.slice(-4) }));
        return { __typename: 'Mutation' as const, rotateWebhookSecret: { __typename: 'RotateWebhookSecretPayload' as const, secret: ROTATED, webhook: webhooks[0]! } };
      },
      DeleteWebhook: (variables: Record<string, unknown>) => {
        calls.push({ operation: 'delete', variables });
        const { id } = variables.input as { id: string };
        webhooks = webhooks.filter((webhook) => webhook.id !== id);
        return { __typename: 'Mutation' as const, deleteWebhook: { __typename: 'DeleteWebhookPayload' as const, deletedWebhookId: id } };
      },
      RedeliverWebhookDelivery: (variables: Record<string, unknown>) => {
        calls.push({ operation: 'redeliver', variables });
        const { id } = variables.input as { id: string };
        return { __typename: 'Mutation' as const, redeliverWebhookDelivery: { __typename: 'RedeliverWebhookDeliveryPayload' as const, redeliveredDelivery: { __typename: 'WebhookDelivery' as const, id } } };
      },
    },
  };
}

describe('/settings, webhooks', () => {
  it('registers an endpoint for the chosen events and shows its secret once', async () => {
    const user = userEvent.setup();
    const account = accountWith([]);
    renderApp('/settings', account.answers);
    expect(await screen.findByText('You have no webhooks.')).toBeTruthy();

    await user.type(screen.getByLabelText('Payload URL'), 'https://receiver.example.com/in');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose at least one event.');
    expect(account.calls).toEqual([]);

    const events = within(screen.getByRole('group', { name: 'Events' }));
    await user.click(events.getByRole('checkbox', { name: 'Project created' }));
    await user.click(events.getByRole('checkbox', { name: 'Post imported' }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));

    const secretField = (await screen.findByLabelText('Webhook signing secret')) as HTMLInputElement;
    expect(secretField.value).toBe(SECRET);
    expect(account.calls).toEqual([{ operation: 'create', variables: { input: { url: 'https://receiver.example.com/in', events: ['POST_IMPORTED', 'PROJECT_CREATED'], active: true } } }]);
    const item = (await screen.findByText('https://receiver.example.com/in')).closest('li') as HTMLElement;
    expect(item.textContent).toContain('Active · Post imported, Project created');

    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('shows an endpoint’s deliveries with their answers, a page at a time, and redelivers one', async () => {
    const user = userEvent.setup();
    const log = [
      delivery(12, { redelivery: true }),
      delivery(11, { outcome: 'FAILED', responseStatus: 410, durationMs: 7, responseExcerpt: 'Gone for good', error: 'The receiver answered 410' }),
      ...Array.from({ length: 9 }, (_, index) => delivery(10 - index)),
    ];
    const account = accountWith([HOOK], log);
    renderApp('/settings', account.answers);

    await user.click(await screen.findByRole('button', { name: `Deliveries to ${HOOK.url}` }));
    const table = within(await screen.findByRole('table', { name: `Deliveries to ${HOOK.url}` }));
    const rows = () =>
      table
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...within(row).queryAllByRole('rowheader'), ...within(row).getAllByRole('cell')].map((cell) => cell.textContent));
    expect(rows()[0]).toEqual(['Credit added (redelivery)', 'Nov 20, 2026', '200 · Delivered', '42 ms', '{"ok":true}', 'Redeliver']);
    expect(rows()[1]).toEqual(['Credit added', 'Nov 20, 2026', '410 · Failed', '7 ms', 'Gone for good', 'Redeliver']);
    expect(rows()).toHaveLength(10);
    expect(screen.getByText('11 deliveries')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(11));

    await user.click(screen.getByRole('button', { name: 'Redeliver Credit added delivery 11' }));
    expect(await screen.findByText('Redelivery queued. It appears here once sent.')).toBeTruthy();
    expect(account.calls.filter((call) => call.operation === 'redeliver')).toEqual([{ operation: 'redeliver', variables: { input: { id: log[1]!.id } } }]);
  });

  it('rotates the secret after asking, showing the new one once, and deletes after asking', async () => {
    const user = userEvent.setup();
    const account = accountWith([HOOK]);
    renderApp('/settings', account.answers);

    await user.click(await screen.findByRole('button', { name: `Rotate secret of ${HOOK.url}` }));
    let dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/stops signing at once/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Rotate' }));
    expect(((await screen.findByLabelText('Webhook signing secret')) as HTMLInputElement).value).toBe(ROTATED);
    expect(await screen.findByText(`secret …${ROTATED.slice(-4)}`)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: `Delete ${HOOK.url}` }));
    dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(account.calls.some((call) => call.operation === 'delete')).toBe(false);

    await user.click(screen.getByRole('button', { name: `Delete ${HOOK.url}` }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You have no webhooks.')).toBeTruthy();
    expect(account.calls.filter((call) => call.operation !== 'deliveries')).toEqual([
      { operation: 'rotate', variables: { input: { id: HOOK.id } } },
      { operation: 'delete', variables: { input: { id: HOOK.id } } },
    ]);
  });
});
