import { useApolloClient } from '@apollo/client/react';
import { useState, type MouseEvent } from 'react';
import { Link, useNavigate } from '@router';
import { CAPTION_SUBTITLE_MAX } from '@domain/constants';
import { SPECIAL_ICON_TAG_TYPES, TagType } from '@domain/enums';
import { truncate } from '@domain/format';
import * as MESSAGES from '@domain/messages';
import { SEARCH_SHORTCUTS_FROM_CHARACTERS, searchableText } from '@domain/search';
import { CreatorSearchCriteriaDocument, PostSearchCriteriaDocument, type TopSearchItemFragment } from '@gql/graphql';
import { Modal } from '@ui/Modal';
import { usePictureFailure } from '@ui/usePictureFailure';
import type { TextSearchState, TopSearchGroups } from './useTextSearch';
import { BoxMessage } from './BoxMessage';
import './search-results.css';

/** The groups of the server search response, in the order the box lists them. */
const GROUPS: ReadonlyArray<[keyof Omit<TopSearchGroups, '__typename'>, string]> = [
  ['people', 'People'],
  ['tags', 'Tags'],
  ['events', 'Events'],
  ['roles', 'Roles'],
  ['jobs', 'Jobs'],
  ['locations', 'Locations'],
  ['postingAccounts', 'Posting accounts'],
];

/** GraphQL's TagType names back to the spec's tag type ids. */
const TAG_TYPE_IDS: Readonly<Record<string, number>> = { EVENT: TagType.event, CLIENT: TagType.client, CREATOR: TagType.creator, FILETYPE: TagType.filetype, TAG: TagType.tag, LOCATION: TagType.location };

/** Tag types 1 (event), 4 (file type) and 44 (location) have their own icon (docs/product.md §Search). */
function TagIcon({ tagType }: { tagType: number }) {
  const paths: Record<number, string> = {
    [TagType.event]: 'M7 3v3M17 3v3M4 9h16M5 6h14v14H5z',
    [TagType.filetype]: 'M6 3h8l4 4v14H6zM14 3v4h4',
    [TagType.location]: 'M12 21s-6-6.2-6-11a6 6 0 0 1 12 0c0 4.8-6 11-6 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  };
  return (
    <svg className="search-result__icon" data-testid={`tag-icon-${tagType}`} viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
      <path d={paths[tagType]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
    </svg>
  );
}

/** The result's picture; its first letter when it has none or it fails to load (an account's picture is the network's address). */
function ResultPicture({ item }: { item: TopSearchItemFragment }) {
  const { failed, pictureProps } = usePictureFailure(item.imgUrl);
  const tagType = item.tagType ? TAG_TYPE_IDS[item.tagType] : undefined;
  if (tagType !== undefined && SPECIAL_ICON_TAG_TYPES.has(tagType)) return <TagIcon tagType={tagType} />;
  if (item.imgUrl && !failed) return <img {...pictureProps} className="search-result__picture" src={item.imgUrl} alt="" width={32} height={32} loading="lazy" />;
  return (
    <span className="search-result__picture search-result__picture--none" aria-hidden="true">
      {item.kind === 'TAG_VALUE' ? '#' : item.label.slice(0, 1).toUpperCase()}
    </span>
  );
}

function ResultLink({ item, onOpen }: { item: TopSearchItemFragment; onOpen: () => void }) {
  return (
    <Link to={item.pageUrl} className="search-result" onClick={onOpen}>
      <ResultPicture item={item} />
      <span className="search-result__text">
        <span className="search-result__label">{item.label}</span>
        {item.subLabel && <span className="search-result__sub">{truncate(item.subLabel, CAPTION_SUBTITLE_MAX)}</span>}
      </span>
    </Link>
  );
}

/** Creator and post searches go through the server's reading of the text, 60 s at most for creators (docs/product.md §Search). */
const CREATOR_SEARCH_TIMEOUT_MS = 60_000;

/**
 * The creator and post search shortcuts: the text is first turned into the page's filters
 * (creatorSearchCriteria / postSearchCriteria) and the page opens with them; a failure says so
 * in the box with the spec's words. The links' own href (the text as `q`) serves a new tab.
 */
function useCriteriaShortcut(text: string, onOpen: () => void) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const open = (target: 'creators' | 'explore') => async (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setError(null);
    try {
      const queryString =
        target === 'creators'
          ? (await client.query({ query: CreatorSearchCriteriaDocument, variables: { text }, context: { timeoutMs: CREATOR_SEARCH_TIMEOUT_MS } })).data?.creatorSearchCriteria.queryString
          : (await client.query({ query: PostSearchCriteriaDocument, variables: { text } })).data?.postSearchCriteria.queryString;
      if (queryString === undefined) throw new Error('no criteria');
      onOpen();
      await navigate(`/${target}${queryString ? `?${queryString}` : ''}`);
    } catch {
      setError(target === 'creators' ? MESSAGES.creatorSearchCriteriaError : MESSAGES.postSearchCriteriaError);
    }
  };
  return { error, open };
}

/**
 * The three shortcut entries from 3 characters (docs/product.md §Search): creator search, post
 * search and image content search. The image search is PRO only: others get the upgrade prompt.
 */
function Shortcuts({ text, canSearchImages, onOpen }: { text: string; canSearchImages: boolean; onOpen: () => void }) {
  const [promptOpen, setPromptOpen] = useState(false);
  const criteria = useCriteriaShortcut(text, onOpen);
  const q = new URLSearchParams({ q: text }).toString();
  return (
    <>
      <ul className="track-box__list search-shortcuts" aria-label="Search shortcuts">
        <li>
          <Link className="search-result search-result--shortcut" to={`/creators?${q}`} onClick={(event) => void criteria.open('creators')(event)}>
            Search creators for “{text}”
          </Link>
        </li>
        <li>
          <Link className="search-result search-result--shortcut" to={`/explore?${q}`} onClick={(event) => void criteria.open('explore')(event)}>
            Search posts for “{text}”
          </Link>
        </li>
        <li>
          {canSearchImages ? (
            <Link className="search-result search-result--shortcut" to={`/explore?${new URLSearchParams({ imageSearch: text }).toString()}`} onClick={onOpen}>
              Search images for “{text}”
            </Link>
          ) : (
            <button type="button" className="search-result search-result--shortcut" data-result onClick={() => setPromptOpen(true)}>
              Search images for “{text}” <span className="search-result__badge">PRO</span>
            </button>
          )}
          {promptOpen && (
            <Modal title={MESSAGES.advancedFeature} onClose={() => setPromptOpen(false)} testId="image-search-upgrade">
              <p className="modal__text">{MESSAGES.imageSearchUpgrade}</p>
              <Link className="button button--primary" to={`/plans?${new URLSearchParams({ returnTo: '/explore' }).toString()}`} onClick={() => setPromptOpen(false)}>
                {MESSAGES.upgradeToday}
              </Link>
            </Modal>
          )}
        </li>
      </ul>
      {criteria.error && (
        <BoxMessage role="alert">{criteria.error}</BoxMessage>
      )}
    </>
  );
}

/** The text part of the results: shortcuts, then the groups, or the empty state. */
export function SearchResults({ text, state, canSearchImages, onOpen }: { text: string; state: TextSearchState; canSearchImages: boolean; onOpen: () => void }) {
  const query = searchableText(text);
  const shortcuts = query !== null && text.trim().length >= SEARCH_SHORTCUTS_FROM_CHARACTERS ? <Shortcuts text={query} canSearchImages={canSearchImages} onOpen={onOpen} /> : null;
  let body;
  if (state.kind === 'searching') {
    body = (
      <BoxMessage role="status">{MESSAGES.searching}</BoxMessage>
    );
  } else if (state.kind === 'failed') {
    body = (
      <BoxMessage role="alert">{MESSAGES.unexpected}</BoxMessage>
    );
  } else {
    const groups = state.kind === 'results' ? GROUPS.filter(([key]) => state.groups[key].length > 0) : [];
    body =
      groups.length === 0 || state.kind !== 'results' ? (
        <BoxMessage role="status">{MESSAGES.noResults}</BoxMessage>
      ) : (
        groups.map(([key, heading]) => (
          <section key={key} className="search-group" aria-label={heading}>
            <h3 className="search-group__heading">{heading}</h3>
            <ul className="track-box__list">
              {state.groups[key].map((item) => (
                <li key={item.key}>
                  <ResultLink item={item} onOpen={onOpen} />
                </li>
              ))}
            </ul>
          </section>
        ))
      );
  }
  return (
    <>
      {shortcuts}
      {body}
    </>
  );
}
