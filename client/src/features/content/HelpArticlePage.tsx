import { skipToken, useQuery } from '@apollo/client/react';
import { Link, useParams } from '@router';
import { HelpArticleDocument } from '@gql/graphql';
import { usePageHead } from '@shell/PageHeadContext';
import { Skeleton } from '@ui/Skeleton';
import { ContentNotFound } from './ContentNotFound';
import { MarkdownBody } from './MarkdownBody';
import { pendingContent } from './pendingContent';
import './help.css';

/** docs/product.md §Blog and help: one article at /help/{slug}; an unknown slug is not found (404 from the server). */
export default function HelpArticlePage() {
  const { slug } = useParams();
  const { data, loading, error } = useQuery(HelpArticleDocument, slug ? { variables: { slug } } : skipToken);
  const article = data?.helpArticle ?? null;
  usePageHead(article ? { title: article.title, description: article.summary } : null);

  const pending = pendingContent(loading, error, <Skeleton lines={6} label="Loading article…" />);
  if (pending) return pending;
  if (!article) return <ContentNotFound what="Article" indexPath="/help" indexName="the Help Centre" />;
  return (
    <article className="page help-article" aria-labelledby="help-article-heading">
      <p className="help-article__back">
        <Link to="/help">Help Centre</Link>
      </p>
      <h1 id="help-article-heading">{article.title}</h1>
      <p className="page__purpose">{article.summary}</p>
      <MarkdownBody html={article.html} />
    </article>
  );
}
