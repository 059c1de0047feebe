import { useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import * as MESSAGES from '@domain/messages';
import { PRODUCT_NAME } from '@domain/constants';
import { Link, useSearchParams } from '@router';
import { HelpArticlesDocument } from '@gql/graphql';
import { usePageHead } from '@shell/PageHeadContext';
import { EmptyState } from '@ui/EmptyState';
import { PageFrame } from '@ui/PageFrame';
import { Skeleton } from '@ui/Skeleton';
import { TextField } from '@ui/TextField';
import './help.css';

const HELP_DESCRIPTION = `Answers to common questions about ${PRODUCT_NAME}: importing posts, credits, profiles, teams and the API.`;

/** Whether every word typed appears in the title, whatever their case and order. */
export function titleMatches(title: string, query: string): boolean {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const haystack = title.toLocaleLowerCase();
  return words.every((word) => haystack.includes(word));
}

/**
 * docs/product.md §Blog and help: the articles, searched by title on the page. The search lives in
 * the address (`?q=`), so a search can be shared and Back returns to it.
 */
export default function HelpPage() {
  const { data, loading, error } = useQuery(HelpArticlesDocument);
  const [params, setParams] = useSearchParams();
  const addressQuery = params.get('q') ?? '';
  // The box keeps what was typed itself: read back from the address, fast typing would lose keys
  // while each navigation settles. The address follows it, and a change of address (Back) leads it.
  const [query, setQuery] = useState(addressQuery);
  // The addresses this box wrote and the router has not shown yet, oldest first.
  const written = useRef<string[]>([]);
  useEffect(() => {
    const own = written.current.indexOf(addressQuery);
    if (own >= 0) {
      written.current.splice(0, own + 1);
      return;
    }
    written.current = [];
    setQuery(addressQuery);
  }, [addressQuery]);
  usePageHead({ title: 'Help Centre', description: HELP_DESCRIPTION });
  const articles = (data?.helpArticles.nodes ?? []).filter((article) => titleMatches(article.title, query));

  const search = (value: string) => {
    setQuery(value);
    written.current.push(value);
    setParams(value ? { q: value } : {}, { replace: true });
  };

  return (
    <PageFrame heading="Help Centre" purpose={`Answers to common questions about ${PRODUCT_NAME}.`}>
      <form className="help__search" role="search" onSubmit={(event) => event.preventDefault()}>
        <TextField label="Search help articles by title" type="search" value={query} onChange={search} name="q" maxLength={100} />
      </form>
      {loading && <Skeleton lines={5} label="Loading articles…" />}
      {error && <p role="alert">{MESSAGES.unexpected}</p>}
      {data && (
        <p className="visually-hidden" role="status">
          {articles.length === 1 ? '1 article' : `${articles.length} articles`}
        </p>
      )}
      {data && articles.length === 0 && (
        <EmptyState title={query ? `No article title matches “${query}”` : 'No articles yet'}>
          {query ? 'Try fewer or other words, or ' : 'Meanwhile, '}
          <Link to="/contact">contact us</Link>.
        </EmptyState>
      )}
      {articles.length > 0 && (
        <ul className="help__list" aria-label="Articles">
          {articles.map((article) => (
            <li key={article.slug}>
              <Link to={`/help/${article.slug}`} className="help__title">
                {article.title}
              </Link>
              <p className="help__summary">{article.summary}</p>
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
