import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { Link } from '@router';
import { BlogPostsDocument } from '@gql/graphql';
import * as MESSAGES from '@domain/messages';
import { PRODUCT_NAME } from '@domain/constants';
import { usePageHead } from '@shell/PageHeadContext';
import { EmptyState } from '@ui/EmptyState';
import { PageFrame } from '@ui/PageFrame';
import { Skeleton } from '@ui/Skeleton';
import { formatPublishedOn } from './contentDates';
import './blog.css';

export const BLOG_FEED_PATH = '/blog/feed.xml';
const BLOG_DESCRIPTION = `Stories and news from ${PRODUCT_NAME}: how crediting works, building on the API, and what is new.`;

/**
 * The feed's `<link rel="alternate">` in the head while the index is shown, for feed readers and
 * browsers. The server writes the same tag into the index it serves (modules/content/content-head.ts):
 * that one is used, and like one made here it goes when the visitor moves on to another page.
 */
function useFeedLink(): void {
  useEffect(() => {
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="alternate"][type="application/atom+xml"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'alternate';
      link.type = 'application/atom+xml';
      link.title = `${PRODUCT_NAME} blog`;
      link.href = BLOG_FEED_PATH;
      document.head.append(link);
    }
    return () => link.remove();
  }, []);
}

/** docs/product.md §Blog and help: the index, newest first, each post with its cover, date, author and summary. */
export default function BlogPage() {
  const { data, loading, error } = useQuery(BlogPostsDocument);
  usePageHead({ title: 'Blog', description: BLOG_DESCRIPTION });
  useFeedLink();
  const posts = data?.blogPosts.nodes ?? [];

  return (
    <PageFrame heading="Blog" purpose={`Stories and news from ${PRODUCT_NAME}.`}>
      <p className="blog__feed">
        <a href={BLOG_FEED_PATH} type="application/atom+xml">
          Follow the blog in a feed reader (Atom)
        </a>
      </p>
      {loading && <Skeleton shape="card" lines={3} label="Loading posts…" />}
      {error && <p role="alert">{MESSAGES.unexpected}</p>}
      {data && posts.length === 0 && <EmptyState title="No posts yet">The first one is on its way.</EmptyState>}
      {posts.length > 0 && (
        <ol className="blog__list" aria-label="Posts">
          {posts.map((post) => (
            <li key={post.slug} className="blog__item">
              <article aria-labelledby={`blog-${post.slug}`}>
                {post.coverUrl && <img className="blog__cover" src={post.coverUrl} alt="" width={1200} height={630} loading="lazy" />}
                <h2 id={`blog-${post.slug}`} className="blog__title">
                  <Link to={`/blog/${post.slug}`}>{post.title}</Link>
                </h2>
                <p className="blog__byline">
                  <time dateTime={post.publishedOn}>{formatPublishedOn(post.publishedOn)}</time> · {post.author}
                </p>
                <p>{post.summary}</p>
              </article>
            </li>
          ))}
        </ol>
      )}
    </PageFrame>
  );
}
