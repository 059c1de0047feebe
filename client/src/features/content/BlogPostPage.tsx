import { skipToken, useQuery } from '@apollo/client/react';
import { Link, useParams } from '@router';
import { BlogPostDocument } from '@gql/graphql';
import { usePageHead } from '@shell/PageHeadContext';
import { Skeleton } from '@ui/Skeleton';
import { ContentNotFound } from './ContentNotFound';
import { formatPublishedOn } from './contentDates';
import { MarkdownBody } from './MarkdownBody';
import { pendingContent } from './pendingContent';
import './blog.css';

/** docs/product.md §Blog and help: one post at /blog/{slug}; an unknown slug is not found (404 from the server). */
export default function BlogPostPage() {
  const { slug } = useParams();
  const { data, loading, error } = useQuery(BlogPostDocument, slug ? { variables: { slug } } : skipToken);
  const post = data?.blogPost ?? null;
  usePageHead(post ? { title: post.title, description: post.summary, image: post.coverUrl ?? undefined } : null);

  const pending = pendingContent(loading, error, <Skeleton shape="card" lines={4} label="Loading post…" />);
  if (pending) return pending;
  if (!post) return <ContentNotFound what="Post" indexPath="/blog" indexName="the blog" />;
  return (
    <article className="page blog-post" aria-labelledby="blog-post-heading">
      <p className="blog-post__back">
        <Link to="/blog">All posts</Link>
      </p>
      <h1 id="blog-post-heading">{post.title}</h1>
      <p className="blog__byline">
        <time dateTime={post.publishedOn}>{formatPublishedOn(post.publishedOn)}</time> · {post.author}
      </p>
      {post.coverUrl && <img className="blog-post__cover" src={post.coverUrl} alt={post.coverAlt ?? ''} width={1200} height={630} />}
      <MarkdownBody html={post.html} />
    </article>
  );
}
