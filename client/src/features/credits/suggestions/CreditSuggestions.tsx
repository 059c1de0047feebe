import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import * as MESSAGES from '@domain/messages';
import { AddCreditDocument, PostCreditSuggestionsDocument, PostCreditsDocument, type CreditPersonInput, type PostCreditSuggestionsQuery } from '@gql/graphql';
import { serverRefusal } from '@shell/serverError';
import { useToast } from '@ui/toastContext';
import './suggestions.css';

type Suggestion = Extract<NonNullable<PostCreditSuggestionsQuery['node']>, { __typename: 'Post' }>['creditSuggestions'][number];

/** The Byline user when the handle is theirs, else the handle itself (an invitee who can claim it). */
export function suggestedPerson(suggestion: Suggestion): CreditPersonInput {
  return suggestion.user ? { userId: suggestion.user.id } : { socialAccount: { networkId: suggestion.network.id, handle: suggestion.handle } };
}

function keyOf(suggestion: Suggestion): string {
  return `${suggestion.role.id}:${suggestion.handle.toLowerCase()}`;
}

interface ClaimLink {
  handle: string;
  networkTitle: string;
  url: string;
}

/**
 * Credits the caption suggests, as chips ("📸 Photographer · @name — Add"), for whoever may
 * credit others on the post. One click adds the credit (pending until the person accepts);
 * the panel and the suggestions are then fetched again, so the chip gives way to the credit.
 * A handle nobody on Byline has yet gets a claim link to send them.
 */
export function CreditSuggestions({ postId }: { postId: string }) {
  const headingId = useId();
  const toast = useToast();
  const { data } = useQuery(PostCreditSuggestionsDocument, { variables: { postId } });
  const [addCredit] = useMutation(AddCreditDocument, { refetchQueries: [PostCreditsDocument, PostCreditSuggestionsDocument], awaitRefetchQueries: true });
  const [adding, setAdding] = useState<string | null>(null);
  const [claimLinks, setClaimLinks] = useState<ClaimLink[]>([]);

  const post = data?.node?.__typename === 'Post' ? data.node : null;
  const suggestions = post?.creditSuggestions ?? [];
  if (suggestions.length === 0 && claimLinks.length === 0) return null;

  const add = async (suggestion: Suggestion) => {
    setAdding(keyOf(suggestion));
    try {
      const result = await addCredit({ variables: { input: { postId, roleId: suggestion.role.id, person: suggestedPerson(suggestion) } } });
      const claimUrl = result.data?.addCredit.claimUrl ?? null;
      toast.success(`Credited @${suggestion.handle} as ${suggestion.role.name}. They’ll be asked to accept.`);
      if (claimUrl) setClaimLinks((links) => [...links, { handle: suggestion.handle, networkTitle: suggestion.network.title, url: new URL(claimUrl, window.location.origin).href }]);
    } catch (error) {
      toast.error(serverRefusal(error)?.message ?? MESSAGES.unexpected);
    } finally {
      setAdding(null);
    }
  };

  return (
    <section className="credit-suggestions" aria-labelledby={headingId} data-testid="credit-suggestions">
      <h3 id={headingId} className="credit-suggestions__heading">
        Suggested from the caption
      </h3>
      {suggestions.length > 0 && (
        <ul className="credit-suggestions__list">
          {suggestions.map((suggestion) => (
            <li key={keyOf(suggestion)} className="credit-suggestion" title={`From “${suggestion.matchedText}”`} data-testid="credit-suggestion">
              <span className="credit-suggestion__text">
                <span aria-hidden="true">{suggestion.role.emoji}</span> {suggestion.role.name} · @{suggestion.handle}
                {suggestion.user && <span className="credit-suggestion__member"> ({suggestion.user.name ?? suggestion.user.username} on Byline)</span>}
              </span>
              <button
                type="button"
                className="button button--outline button--small"
                aria-label={`Add @${suggestion.handle} as ${suggestion.role.name}`}
                disabled={adding !== null}
                onClick={() => void add(suggestion)}
              >
                {adding === keyOf(suggestion) ? 'Adding…' : 'Add'}
              </button>
            </li>
          ))}
        </ul>
      )}
      {claimLinks.map((link) => (
        <p key={link.url} className="credit-suggestions__claim">
          <label>
            Send @{link.handle} on {link.networkTitle} this link to claim the credit
            <input className="text-input" readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} />
          </label>
        </p>
      ))}
    </section>
  );
}
