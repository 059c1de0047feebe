import type { Fetcher, FetcherOpts, FetcherParams, FetcherReturnType } from '@graphiql/toolkit';

/** The variables box read as the request wants them, or why nothing may be sent. */
export type VariablesReading = { variables: Record<string, unknown> | undefined } | { problem: string };

/** Shown in the empty variables box and in the message about a box that is not an object. */
export const VARIABLES_EXAMPLE = '{"username": "janedoe"}';

/**
 * An empty box means no variables. Anything else must be a JSON object: the server would refuse
 * an array or a number too, but only after a round trip and in less plain words.
 */
export function readVariables(text: string): VariablesReading {
  if (!text.trim()) return { variables: undefined };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? ` (${error.message})` : '';
    return { problem: `The variables are not valid JSON${detail}. Nothing was sent.` };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { problem: `The variables must be a JSON object, such as ${VARIABLES_EXAMPLE}. Nothing was sent.` };
  }
  return { variables: parsed as Record<string, unknown> };
}

/**
 * The fetcher sends a subscription over the WebSocket only when it is given the parsed document
 * (GraphiQL always parses). The light panel parses only a text that mentions the word, loading
 * graphql's parser then: a query, the common case, needs neither the parser nor its download. A
 * text that does not parse goes as it is, and the server's answer names the syntax error.
 */
export async function fetcherOptionsFor(query: string): Promise<{ operationName?: string; options?: FetcherOpts }> {
  if (!/\bsubscription\b/.test(query)) return {};
  const { parse } = await import('./parseDocument');
  try {
    const documentAST = parse(query);
    const operations = documentAST.definitions.filter((definition) => definition.kind === 'OperationDefinition');
    // The toolkit matches the subscription by operation name; a lone operation is the one to run.
    const operationName = operations.length === 1 ? operations[0]?.name?.value : undefined;
    return { operationName, options: { documentAST } };
  } catch {
    return {};
  }
}

/** What the panel hears about one operation it started. */
export interface OperationWatcher {
  /** The answer is a stream (a subscription): more than one may follow. */
  streaming(): void;
  /** An answer: the only one of a query, each event of a subscription. */
  answer(result: unknown): void;
  /** The operation ended by itself; `error` when it could not run (network down, an answer not JSON). */
  ended(error?: unknown): void;
}

type Answer = Awaited<FetcherReturnType>;
type Stream = Extract<Answer, AsyncIterable<unknown>>;

// Byline's fetcher (explorerFetcher.ts) answers one result, or a stream for a subscription over
// graphql-ws; the toolkit's Observable answer comes only from its legacy WebSocket clients.
const isStream = (answer: Answer): answer is Stream => typeof answer === 'object' && answer !== null && Symbol.asyncIterator in answer;

/**
 * Runs one operation through the explorer's fetcher (so the token and session rules are
 * GraphiQL's exactly) and reports its answers. Returns `stop`, which closes a subscription (its
 * WebSocket operation) and silences whatever arrives after it.
 */
export function runOperation(fetcher: Fetcher, params: FetcherParams, options: FetcherOpts | undefined, watcher: OperationWatcher): () => void {
  let stopped = false;
  let close = () => {};

  void (async () => {
    try {
      const answer = await fetcher(params, options);
      if (isStream(answer)) {
        const events = answer[Symbol.asyncIterator]();
        close = () => void events.return?.();
        if (stopped) {
          close();
          return;
        }
        watcher.streaming();
        for (let step = await events.next(); !step.done && !stopped; step = await events.next()) watcher.answer(step.value);
      } else if (!stopped) {
        watcher.answer(answer);
      }
      if (!stopped) watcher.ended();
    } catch (error) {
      if (!stopped) watcher.ended(error);
    }
  })();

  return () => {
    stopped = true;
    close();
  };
}
