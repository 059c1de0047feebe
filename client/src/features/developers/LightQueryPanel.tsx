import type { Fetcher } from '@graphiql/toolkit';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { fetcherOptionsFor, readVariables, runOperation, VARIABLES_EXAMPLE } from './lightOperation';

type RunState =
  | { phase: 'idle' | 'running' | 'live' | 'ended' | 'stopped' }
  | { phase: 'answered'; withErrors: boolean }
  | { phase: 'failed'; message: string };

function describe(state: RunState): string {
  switch (state.phase) {
    case 'idle':
      return 'The answer appears below when you run the query.';
    case 'running':
      return 'Running…';
    case 'live':
      return 'Subscribed: each event replaces the answer below until you stop it.';
    case 'ended':
      return 'The subscription ended.';
    case 'stopped':
      return 'Stopped.';
    case 'answered':
      return state.withErrors ? 'Answered, with errors.' : 'Answered.';
    case 'failed':
      return `The request failed: ${state.message}`;
  }
}

/** What both text boxes hold is code: no spelling, capitals or corrections from the keyboard. */
const CODE_BOX = { className: 'text-input api-explorer__code', spellCheck: false, autoCapitalize: 'off', autoCorrect: 'off' } as const;

const hasErrors = (result: unknown) => typeof result === 'object' && result !== null && 'errors' in result && Array.isArray(result.errors) && result.errors.length > 0;

interface LightQueryPanelProps {
  fetcher: Fetcher;
  query: string;
  onQueryChange: (query: string) => void;
  variables: string;
  onVariablesChange: (variables: string) => void;
}

/**
 * The explorer's first-load panel: a query box, a variables box and the answer, plain HTML that
 * the server renders too. It runs through the same fetcher as GraphiQL, so the token and session
 * behave the same; the page keeps the texts, so the full editor opens on them.
 *
 * The answer's `<pre>` is a named, focusable region (it scrolls: keyboard users need to reach it),
 * and not a live region: a screen reader would read a whole JSON document out at each answer, and
 * at each event of a subscription. A short line above it says what happened instead.
 */
export function LightQueryPanel({ fetcher, query, onQueryChange, variables, onVariablesChange }: LightQueryPanelProps) {
  const queryId = useId();
  const variablesId = useId();
  const problemId = useId();
  const responseLabelId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [response, setResponse] = useState('');
  const [state, setState] = useState<RunState>({ phase: 'idle' });
  const stopCurrent = useRef<(() => void) | null>(null);
  // Bumped by each run and on unmount: a run still loading the parser when another starts, or
  // when the full editor replaces this panel, must not send anything.
  const runCount = useRef(0);

  useEffect(
    () => () => {
      runCount.current += 1;
      stopCurrent.current?.();
    },
    [],
  );

  const run = async () => {
    const reading = readVariables(variables);
    if ('problem' in reading) {
      setProblem(reading.problem);
      return;
    }
    setProblem(null);
    // A new run replaces the one before, as in GraphiQL: a live subscription is closed first.
    stopCurrent.current?.();
    stopCurrent.current = null;
    const thisRun = ++runCount.current;
    setState({ phase: 'running' });
    const { operationName, options } = await fetcherOptionsFor(query);
    if (thisRun !== runCount.current) return;

    let streamed = false;
    const stop = runOperation(fetcher, { query, variables: reading.variables, operationName }, options, {
      streaming() {
        streamed = true;
        setState({ phase: 'live' });
      },
      answer(result) {
        setResponse(JSON.stringify(result, null, 2));
        if (!streamed) setState({ phase: 'answered', withErrors: hasErrors(result) });
      },
      ended(error) {
        if (stopCurrent.current === stop) stopCurrent.current = null;
        if (error !== undefined) {
          setResponse('');
          setState({ phase: 'failed', message: error instanceof Error ? error.message : String(error) });
        } else if (streamed) {
          setState({ phase: 'ended' });
        }
      },
    });
    stopCurrent.current = stop;
  };

  const stopSubscription = () => {
    stopCurrent.current?.();
    stopCurrent.current = null;
    setState({ phase: 'stopped' });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run();
  };

  // Ctrl-Enter (Cmd-Enter on a Mac) runs from either box, as in GraphiQL; plain Enter is a new line.
  const runOnShortcut = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    event.currentTarget.requestSubmit();
  };

  return (
    <div className="api-explorer__light">
      <form className="api-explorer__request" onSubmit={submit} onKeyDown={runOnShortcut}>
        <label className="api-explorer__label" htmlFor={queryId}>
          Query
        </label>
        <textarea
          {...CODE_BOX}
          id={queryId}
          rows={12}
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
        />
        <label className="api-explorer__label" htmlFor={variablesId}>
          Variables (JSON, optional)
        </label>
        <textarea
          {...CODE_BOX}
          id={variablesId}
          rows={4}
          placeholder={VARIABLES_EXAMPLE}
          value={variables}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => onVariablesChange(event.target.value)}
        />
        {problem && (
          <p id={problemId} className="api-explorer__problem" role="alert">
            {problem}
          </p>
        )}
        <div className="api-explorer__actions">
          <button type="submit" className="button button--primary" aria-keyshortcuts="Control+Enter Meta+Enter">
            Run
          </button>
          {state.phase === 'live' && (
            <button type="button" className="button button--outline" onClick={stopSubscription}>
              Stop
            </button>
          )}
          <span className="api-explorer__shortcut">or Ctrl-Enter (⌘-Enter on a Mac)</span>
        </div>
      </form>
      <div className="api-explorer__answer">
        <p id={responseLabelId} className="api-explorer__label">
          Response
        </p>
        <p className="api-explorer__run-state" aria-live="polite">
          {describe(state)}
        </p>
        <pre className="api-explorer__code api-explorer__response" role="region" aria-labelledby={responseLabelId} tabIndex={0}>
          {response}
        </pre>
      </div>
    </div>
  );
}
