import { Arg, Args, Ctx, Query, Resolver } from 'type-graphql';
import type { Connection } from '../../graphql/connection.js';
import { offsetConnection, readOffsetPage } from '../../graphql/offset-pagination.js';
import { DEFAULT_PAGE_SIZE, ForwardPageArgs, MAX_PAGE_SIZE } from '../../graphql/pagination.js';
import { InvalidInput } from '../../errors/app-errors.js';
import type { RequestContext } from '../users/index.js';
import { contentLibrary, type BlogPostDocument, type HelpArticleDocument } from './content-library.js';
import { BlogPost, BlogPostConnection, HelpArticle, HelpArticleConnection } from './content.types.js';

function blogPostOf(document: BlogPostDocument): BlogPost {
  return { slug: document.slug, title: document.title, publishedOn: document.date, author: document.author, summary: document.summary, coverUrl: document.cover, coverAlt: document.coverAlt, html: document.html };
}

function helpArticleOf(document: HelpArticleDocument): HelpArticle {
  return { slug: document.slug, title: document.title, summary: document.summary, html: document.html };
}

/** A page of a list held in memory, by position: the files have no ids to resume from. */
function pageOf<T>(items: readonly T[], args: ForwardPageArgs): Connection<T> {
  const page = readOffsetPage(args, DEFAULT_PAGE_SIZE);
  if (!Number.isInteger(page.size) || page.size < 1 || page.size > MAX_PAGE_SIZE) throw new InvalidInput(`first must be between 1 and ${MAX_PAGE_SIZE}`);
  return offsetConnection(items.slice(page.offset, page.offset + page.size), page, page.offset + page.size < items.length);
}

/** docs/product.md §Blog and help: everyone may read them, signed out too. */
@Resolver()
export class ContentResolver {
  @Query(() => BlogPostConnection, { description: "The blog's posts, newest first. Open to signed-out visitors." })
  async blogPosts(@Args(() => ForwardPageArgs) args: ForwardPageArgs, @Ctx() { config }: RequestContext): Promise<Connection<BlogPost>> {
    const library = await contentLibrary(config.contentDir);
    return pageOf(library.blogPosts.map(blogPostOf), args);
  }

  @Query(() => BlogPost, { nullable: true, description: 'One blog post by its slug; null when there is none. Open to signed-out visitors.' })
  async blogPost(@Arg('slug', () => String, { description: 'The post’s address under /blog.' }) slug: string, @Ctx() { config }: RequestContext): Promise<BlogPost | null> {
    const document = (await contentLibrary(config.contentDir)).blogPost(slug);
    return document ? blogPostOf(document) : null;
  }

  @Query(() => HelpArticleConnection, { description: "The help centre's articles, in the order of its index. Open to signed-out visitors." })
  async helpArticles(@Args(() => ForwardPageArgs) args: ForwardPageArgs, @Ctx() { config }: RequestContext): Promise<Connection<HelpArticle>> {
    const library = await contentLibrary(config.contentDir);
    return pageOf(library.helpArticles.map(helpArticleOf), args);
  }

  @Query(() => HelpArticle, { nullable: true, description: 'One help article by its slug; null when there is none. Open to signed-out visitors.' })
  async helpArticle(@Arg('slug', () => String, { description: 'The article’s address under /help.' }) slug: string, @Ctx() { config }: RequestContext): Promise<HelpArticle | null> {
    const document = (await contentLibrary(config.contentDir)).helpArticle(slug);
    return document ? helpArticleOf(document) : null;
  }
}
