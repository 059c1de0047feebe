import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { blogFrontMatter, ContentFileError, helpFrontMatter, readFrontMatter, SLUG, splitFrontMatter } from './content-file.js';
import { renderMarkdown } from './markdown.js';

/** A blog post as the pages and the feed show it, its body already HTML. */
export interface BlogPostDocument {
  slug: string;
  title: string;
  /** The day it was published, `YYYY-MM-DD`. */
  date: string;
  author: string;
  summary: string;
  cover: string | null;
  coverAlt: string | null;
  html: string;
}

export interface HelpArticleDocument {
  slug: string;
  title: string;
  summary: string;
  /** Where it stands in the index; articles without one follow, by title. */
  order: number | null;
  html: string;
}

export interface ContentLibrary {
  /** Newest first (then by title, so two posts of one day keep a fixed order). */
  blogPosts: readonly BlogPostDocument[];
  /** By `order`, then title. */
  helpArticles: readonly HelpArticleDocument[];
  blogPost(slug: string): BlogPostDocument | null;
  helpArticle(slug: string): HelpArticleDocument | null;
}

async function markdownFiles(folder: string): Promise<Array<{ file: string; slug: string; text: string }>> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    // A site without posts or articles has empty pages, not a broken server.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith('.md')).sort();
  return Promise.all(
    files.map(async (name) => {
      const file = path.join(path.basename(folder), name);
      const slug = name.slice(0, -'.md'.length);
      if (!SLUG.test(slug)) throw new ContentFileError(file, 'its name must be lower-case words joined by hyphens (it is the page address)');
      return { file, slug, text: await readFile(path.join(folder, name), 'utf8') };
    }),
  );
}

export async function loadContentLibrary(contentDir: string): Promise<ContentLibrary> {
  const [blogFiles, helpFiles] = await Promise.all([markdownFiles(path.join(contentDir, 'blog')), markdownFiles(path.join(contentDir, 'help'))]);
  const blogPosts = blogFiles
    .map(({ file, slug, text }): BlogPostDocument => {
      const { frontMatter, body } = splitFrontMatter(file, text);
      const fields = readFrontMatter(file, blogFrontMatter, frontMatter);
      return { slug, title: fields.title, date: fields.date, author: fields.author, summary: fields.summary, cover: fields.cover ?? null, coverAlt: fields.coverAlt ?? null, html: renderMarkdown(body) };
    })
    .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
  const helpArticles = helpFiles
    .map(({ file, slug, text }): HelpArticleDocument => {
      const { frontMatter, body } = splitFrontMatter(file, text);
      const fields = readFrontMatter(file, helpFrontMatter, frontMatter);
      return { slug, title: fields.title, summary: fields.summary, order: fields.order ?? null, html: renderMarkdown(body) };
    })
    .sort((a, b) => (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER) || a.title.localeCompare(b.title));
  const postsBySlug = new Map(blogPosts.map((post) => [post.slug, post]));
  const articlesBySlug = new Map(helpArticles.map((article) => [article.slug, article]));
  return {
    blogPosts,
    helpArticles,
    blogPost: (slug) => postsBySlug.get(slug) ?? null,
    helpArticle: (slug) => articlesBySlug.get(slug) ?? null,
  };
}

const libraries = new Map<string, Promise<ContentLibrary>>();

/**
 * The library of `contentDir`, read once per process: the files ship with the release and do not
 * change while it runs. A failed read is not kept, so the next request tries again.
 */
export function contentLibrary(contentDir: string): Promise<ContentLibrary> {
  let library = libraries.get(contentDir);
  if (!library) {
    library = loadContentLibrary(contentDir);
    libraries.set(contentDir, library);
    library.catch(() => libraries.delete(contentDir));
  }
  return library;
}
