import { Link } from '@router';
import * as MESSAGES from '@domain/messages';
import { creditPeoplePath } from '@features/credits';
import { PostResult } from './PostResult';
import { SearchResults } from './SearchResults';
import { useTextSearch } from './useTextSearch';
import type { TrackPhase } from './useTrackLink';
import { BoxMessage } from './BoxMessage';
import './track-box-results.css';

interface ResultsContentProps {
  phase: TrackPhase;
  signedIn: boolean;
  onOpen: () => void;
  trackOnly: boolean;
  canSearchImages: boolean;
}

/**
 * What the track box's result list shows for the current input (loaded lazily by TrackBox). The
 * text search runs here, so its query document is not in the shell either.
 */
export default function TrackBoxResults({ phase, signedIn, onOpen, trackOnly, canSearchImages }: ResultsContentProps) {
  const search = useTextSearch(phase.kind === 'text' && !trackOnly ? phase.query : null);
  switch (phase.kind) {
    case 'found':
      return (
        <ul className="track-box__list" aria-label="Posts">
          <li>
            <PostResult post={phase.post} onOpen={onOpen} />
            {/* Credit the people who made it right away (opens the post page's add-credit dialog). */}
            {signedIn && (
              <Link className="track-box__credit" to={creditPeoplePath(phase.post.databaseId)} onClick={onOpen}>
                Credit people
              </Link>
            )}
          </li>
        </ul>
      );
    case 'lookingUp':
      return (
        <BoxMessage role="status">{MESSAGES.searching}</BoxMessage>
      );
    case 'tracking':
      return (
        <BoxMessage role="status">{MESSAGES.trackingLink}</BoxMessage>
      );
    case 'unreachable':
      return (
        <BoxMessage role="alert">{MESSAGES.unexpected}</BoxMessage>
      );
    case 'text':
      if (trackOnly) {
        return (
          <BoxMessage role="alert">{MESSAGES.enterValidUrl}</BoxMessage>
        );
      }
      return <SearchResults text={phase.query} state={search} canSearchImages={canSearchImages} onOpen={onOpen} />;
    case 'notInProduct':
    case 'empty':
      return (
        <BoxMessage role="status">{MESSAGES.noResults}</BoxMessage>
      );
  }
}
