import type { GraphQLResolveInfo } from 'graphql';
import { connectionNodeFieldArguments } from '../../graphql/selection-arguments.js';
import { readKeysetPage, type KeysetPage, type PageArgs } from '../../graphql/pagination.js';

/**
 * The page of credits the operation asks of each post in the list being resolved
 * (`nodes { credits(first: 3) … }`), so the list can read it before it answers
 * (`loadPostCreditPages`): null when it asks for none, for several different pages, or for one
 * the credits field would refuse (that field then reads, and refuses, on its own).
 */
export function creditsPageAsked(info: GraphQLResolveInfo): KeysetPage | null {
  const asked = connectionNodeFieldArguments(info, 'Post', 'credits');
  if (!asked || asked.length === 0) return null;
  let found: KeysetPage | null = null;
  for (const args of asked) {
    let page: KeysetPage;
    try {
      page = readKeysetPage(args as PageArgs);
    } catch {
      return null;
    }
    if (found && (found.size !== page.size || found.backward !== page.backward || found.cursorId !== page.cursorId)) return null;
    found = page;
  }
  return found;
}
