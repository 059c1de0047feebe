import { useApolloClient, useQuery } from '@apollo/client/react';
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { Link } from '@router';
import { CAPTION_SUBTITLE_MAX } from '@domain/constants';
import { truncate } from '@domain/format';
import * as MESSAGES from '@domain/messages';
import { VISUAL_MATCH_CONTENT_TYPES, VISUAL_MATCH_MESSAGES, canUseImageSearch } from '@domain/visual-match';
import { ViewerDocument } from '@gql/graphql';
import { UpgradePrompt } from '@features/plans';
import { ApiError } from '@shell/api';
import { EmptyState } from '@ui/EmptyState';
import { PageFrame } from '@ui/PageFrame';
import { PostPicture } from '@ui/PostPicture';
import { Skeleton } from '@ui/Skeleton';
import { fileProblem, matchesForFile, matchesForLink, picturePreview, type MatchCard } from './visualMatchSearch';
import './visualmatch.css';

const HEADING = 'Visual Match AI';
const PURPOSE = 'Find posts whose pictures look like yours: reposts, crops and re-encoded copies.';

/** /visualmatch: PRO image search. Others see the upgrade words of docs/product.md §Search and the upgrade prompt. */
export default function VisualMatchPage() {
  const { data, loading } = useQuery(ViewerDocument);
  const viewerCan = data?.viewer?.viewerCan;
  if (loading && !data) return <div className="page" aria-busy="true" />;
  if (!viewerCan || !canUseImageSearch(viewerCan)) return <UpgradeGate />;
  return (
    <PageFrame heading={HEADING} purpose={PURPOSE}>
      <VisualMatchSearch />
    </PageFrame>
  );
}

function UpgradeGate() {
  const [promptOpen, setPromptOpen] = useState(true);
  return (
    <PageFrame heading={HEADING} purpose={PURPOSE}>
      <div className="visualmatch__gate">
        <p role="status">{VISUAL_MATCH_MESSAGES.upgrade}</p>
        <button type="button" className="button button--primary" onClick={() => setPromptOpen(true)}>
          {MESSAGES.upgradeToday}
        </button>
      </div>
      <UpgradePrompt open={promptOpen} onClose={() => setPromptOpen(false)} type="Pro" />
    </PageFrame>
  );
}

type SearchState = { kind: 'idle' } | { kind: 'searching' } | { kind: 'done'; matches: MatchCard[] } | { kind: 'failed'; message: string; upgrade: boolean };

function VisualMatchSearch() {
  const client = useApolloClient();
  const fileInputId = useId();
  const linkInputId = useId();
  const [state, setState] = useState<SearchState>({ kind: 'idle' });
  const [preview, setPreview] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [link, setLink] = useState('');
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  // Only the latest search may show its answer (and preview): an older one finishing late is dropped. Each search takes a new number before run().
  const latest = useRef(0);

  const run = async (search: () => Promise<MatchCard[]>) => {
    const ticket = latest.current;
    setState({ kind: 'searching' });
    try {
      const matches = await search();
      if (ticket === latest.current) setState({ kind: 'done', matches });
    } catch (error) {
      if (ticket !== latest.current) return;
      const upgrade = error instanceof ApiError && error.status === 403;
      if (upgrade) setUpgradeOpen(true);
      setState({ kind: 'failed', message: error instanceof Error ? error.message : MESSAGES.unexpected, upgrade });
    }
  };

  const searchWithFile = (file: File | undefined) => {
    if (!file) return;
    const problem = fileProblem(file);
    if (problem) {
      setState({ kind: 'failed', message: problem, upgrade: false });
      return;
    }
    const ticket = ++latest.current;
    setPreview(null);
    void picturePreview(file).then((url) => {
      if (ticket === latest.current) setPreview(url);
    });
    void run(() => matchesForFile(file));
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    searchWithFile(event.dataTransfer.files[0]);
  };

  const onLinkSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!link.trim()) return;
    latest.current++;
    setPreview(null);
    void run(() => matchesForLink(client, link));
  };

  return (
    <div className="visualmatch">
      <div className="visualmatch__inputs">
        <label
          htmlFor={fileInputId}
          className={`visualmatch__drop${dragging ? ' visualmatch__drop--active' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="visualmatch-drop"
        >
          {preview ? <img className="visualmatch__preview" src={preview} alt="The picture you searched with" /> : null}
          <span className="visualmatch__drop-title">Drop a picture here or choose one</span>
          <span className="visualmatch__hint">JPEG, PNG, WebP or GIF, up to 20 MB.</span>
          <input
            id={fileInputId}
            className="visualmatch__file"
            type="file"
            accept={VISUAL_MATCH_CONTENT_TYPES.join(',')}
            aria-label="Choose a picture"
            onChange={(event) => {
              searchWithFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
        <form className="visualmatch__link" onSubmit={onLinkSubmit}>
          <label htmlFor={linkInputId}>Or paste a post link</label>
          <div className="visualmatch__link-row">
            <input
              id={linkInputId}
              className="text-input"
              // Text, not url: a link without its https:// (or a /posts/… path) is read by us, not refused by the browser.
              type="text"
              inputMode="url"
              autoComplete="off"
              placeholder="https://…"
              value={link}
              onChange={(event) => setLink(event.target.value)}
            />
            <button type="submit" className="button button--primary" disabled={!link.trim() || state.kind === 'searching'}>
              Find look-alikes
            </button>
          </div>
        </form>
      </div>
      <p className="visualmatch__note">{VISUAL_MATCH_MESSAGES.wordSearchUnavailable}</p>
      <SearchResults state={state} />
      <UpgradePrompt open={upgradeOpen} onClose={() => setUpgradeOpen(false)} type="Pro" />
    </div>
  );
}

function SearchResults({ state }: { state: SearchState }) {
  if (state.kind === 'idle') return null;
  if (state.kind === 'searching') return <Skeleton shape="tile" lines={6} label="Searching..." />;
  if (state.kind === 'failed') {
    return (
      <p className="visualmatch__problem" role="alert">
        {state.message}
      </p>
    );
  }
  if (state.matches.length === 0) {
    // A status still: the answer to the search just made.
    return (
      <div role="status">
        <EmptyState title="No posts look like this picture yet." />
      </div>
    );
  }
  return (
    <section aria-label="Posts that look alike">
      <p role="status">{state.matches.length === 1 ? '1 post looks alike' : `${state.matches.length} posts look alike`}</p>
      <ul className="visualmatch__results">
        {state.matches.map((match) => (
          <li key={match.databaseId} className="visualmatch__result">
            <Link to={`/posts/${match.databaseId}`} className="visualmatch__result-link">
              <PostPicture className="visualmatch__picture" src={match.thumbnailUrl} network={match.network} lazy />
              <span className="visualmatch__similarity">{match.similarity}% alike</span>
              <span className="visualmatch__account">@{match.account}</span>
              {match.caption ? <span className="visualmatch__caption">{truncate(match.caption, CAPTION_SUBTITLE_MAX)}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
