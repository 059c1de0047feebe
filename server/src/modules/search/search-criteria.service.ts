import type { EntityManager } from '@mikro-orm/postgresql';
import * as MESSAGES from '../../../../domain/messages.js';
import { isBlockedSearch, MAX_SEARCH_TEXT_LENGTH } from '../../../../domain/search.js';
import {
  criteriaHandles,
  criteriaPhrases,
  criteriaQueryString,
  parseCreatorSearchCriteria,
  parsePostSearchCriteria,
  type CriteriaVocabulary,
  type SearchCriteria,
} from '../../../../domain/search-criteria.js';
import { InvalidInput } from '../../errors/app-errors.js';

export type CriteriaWithQuery = SearchCriteria & { queryString: string };

function checked(text: string): string | null {
  if (text.length > MAX_SEARCH_TEXT_LENGTH) throw new InvalidInput(MESSAGES.invalidQuery);
  return isBlockedSearch(text) ? null : text;
}

const NOTHING: CriteriaWithQuery = { criteria: [], text: null, queryString: '' };

export function creatorSearchCriteria(text: string): CriteriaWithQuery {
  const allowed = checked(text);
  if (allowed === null) return NOTHING;
  const parsed = parseCreatorSearchCriteria(allowed);
  return { ...parsed, queryString: criteriaQueryString(parsed) };
}

/**
 * The tags and accounts the text could name, in two statements: tags whose name (accents and
 * case dropped) is one of the text's phrases, accounts whose handle was typed with @.
 */
async function lookUpVocabulary(em: EntityManager, text: string): Promise<CriteriaVocabulary> {
  const phrases = criteriaPhrases(text);
  const handles = criteriaHandles(text);
  const tags = phrases.length === 0 ? [] : await em.execute<Array<{ id: number; name: string; tag_type_id: number }>>(
    `select id, name, tag_type_id from tags
      where regexp_replace(search_normalize(name), '[^[:alnum:]]+', ' ', 'g') = any(array(select jsonb_array_elements_text(?::jsonb)))
      order by id limit 50`,
    [JSON.stringify(phrases)],
  );
  const accounts = handles.length === 0 ? [] : await em.execute<Array<{ id: number; handle: string; network_id: number }>>(
    `select id, handle, network_id from social_accounts where lower(handle) = any(array(select jsonb_array_elements_text(?::jsonb))) order by id limit 50`,
    [JSON.stringify(handles)],
  );
  return {
    tags: tags.map((tag) => ({ id: Number(tag.id), name: tag.name, tagTypeId: Number(tag.tag_type_id) })),
    accounts: accounts.map((account) => ({ id: Number(account.id), handle: account.handle, networkId: Number(account.network_id) })),
  };
}

export async function postSearchCriteria(em: EntityManager, text: string): Promise<CriteriaWithQuery> {
  const allowed = checked(text);
  if (allowed === null) return NOTHING;
  const parsed = parsePostSearchCriteria(allowed, await lookUpVocabulary(em, allowed));
  return { ...parsed, queryString: criteriaQueryString(parsed) };
}
