import type { Fetcher } from '@graphiql/toolkit';
import { describe, expect, it, vi } from 'vitest';
import { fetcherOptionsFor, readVariables, runOperation, type OperationWatcher } from './lightOperation';

/** One GraphQL answer, as the fetcher's type has it. */
type Answer = { data: Record<string, unknown> | null };

/** A subscription's answer as the toolkit gives it: events pushed in by the test, closed by `return`. */
function eventStream() {
  const waiting: ((step: IteratorResult<Answer>) => void)[] = [];
  let closed = false;
  const stream: AsyncIterableIterator<Answer> = {
    [Symbol.asyncIterator]: () => stream,
    next: () => new Promise((resolve) => waiting.push(resolve)),
    return: async () => {
      closed = true;
      for (const resolve of waiting.splice(0)) resolve({ done: true, value: undefined });
      return { done: true, value: undefined };
    },
  };
  return {
    stream,
    push: (value: Answer) => waiting.shift()?.({ done: false, value }),
    isClosed: () => closed,
    isWaiting: () => waiting.length > 0,
  };
}

function recordingWatcher() {
  const heard: string[] = [];
  const watcher: OperationWatcher = {
    streaming: () => heard.push('streaming'),
    answer: (result) => heard.push(`answer ${JSON.stringify(result)}`),
    ended: (error) => heard.push(error === undefined ? 'ended' : `failed ${String(error)}`),
  };
  return { heard, watcher };
}

describe('the light panel running an operation', () => {
  it('reports a query’s one answer, then its end', async () => {
    const { heard, watcher } = recordingWatcher();
    const fetcher: Fetcher = async () => ({ data: { viewer: null } });

    runOperation(fetcher, { query: '{ viewer { username } }' }, undefined, watcher);

    await vi.waitFor(() => expect(heard).toEqual(['answer {"data":{"viewer":null}}', 'ended']));
  });

  it('reports each event of a subscription, and closes it when stopped', async () => {
    const { heard, watcher } = recordingWatcher();
    const events = eventStream();
    const fetcher: Fetcher = async () => events.stream;

    const stop = runOperation(fetcher, { query: 'subscription { notificationCounts { new } }' }, undefined, watcher);
    await vi.waitFor(() => expect(events.isWaiting()).toBe(true));
    events.push({ data: { notificationCounts: { new: 0 } } });
    await vi.waitFor(() => expect(events.isWaiting()).toBe(true));
    events.push({ data: { notificationCounts: { new: 1 } } });
    await vi.waitFor(() => expect(heard).toHaveLength(3));
    stop();

    expect(events.isClosed()).toBe(true);
    expect(heard).toEqual(['streaming', 'answer {"data":{"notificationCounts":{"new":0}}}', 'answer {"data":{"notificationCounts":{"new":1}}}']);
  });

  it('reports a request that could not run', async () => {
    const { heard, watcher } = recordingWatcher();
    const fetcher: Fetcher = async () => {
      throw new TypeError('Failed to fetch');
    };

    runOperation(fetcher, { query: '{ viewer { username } }' }, undefined, watcher);

    await vi.waitFor(() => expect(heard).toEqual(['failed TypeError: Failed to fetch']));
  });

  it('says nothing of an answer that arrives once stopped', async () => {
    const { heard, watcher } = recordingWatcher();
    let answer: (value: Answer) => void = () => {};
    const answered = new Promise<Answer>((resolve) => (answer = resolve));
    const fetcher: Fetcher = () => answered;

    const stop = runOperation(fetcher, { query: '{ viewer { username } }' }, undefined, watcher);
    stop();
    answer({ data: { viewer: null } });
    // The run awaited this promise before the test did, so it has gone on by the time the test does.
    await answered;

    expect(heard).toEqual([]);
  });
});

describe('fetcher options for a text', () => {
  it('parses a subscription, so the fetcher sends it over the WebSocket, naming a lone operation', async () => {
    const { operationName, options } = await fetcherOptionsFor('# live\nsubscription Counts { notificationCounts { new } }');
    expect(operationName).toBe('Counts');
    expect(options?.documentAST?.definitions).toHaveLength(1);
  });

  it('leaves a query, and a text that does not parse, to the server', async () => {
    expect(await fetcherOptionsFor('{ viewer { username } }')).toEqual({});
    expect(await fetcherOptionsFor('subscription {')).toEqual({});
  });
});

describe('the variables box', () => {
  it.each([
    ['', { variables: undefined }],
    ['  \n', { variables: undefined }],
    ['{"first": 10}', { variables: { first: 10 } }],
  ])('reads %j', (text, reading) => {
    expect(readVariables(text)).toEqual(reading);
  });

  it.each(['{first: 10}', '[1]', '10', 'null'])('refuses %j, saying nothing was sent', (text) => {
    const reading = readVariables(text);
    expect('problem' in reading && reading.problem).toMatch(/Nothing was sent\.$/);
  });
});
