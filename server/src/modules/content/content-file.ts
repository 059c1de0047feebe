import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

/**
 * One Markdown file of `content/`: its YAML front matter between `---` lines, then the body.
 * docs/product.md §Blog and help: the pages are files in the repository, so a wrong field is a
 * fault of the repository, reported with the file's name rather than shown half right.
 */
export interface ContentFile {
  frontMatter: unknown;
  body: string;
}

export class ContentFileError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'ContentFileError';
  }
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

export function splitFrontMatter(file: string, text: string): ContentFile {
  const match = FRONT_MATTER.exec(text.replace(/^\uFEFF/, ''));
  if (!match) throw new ContentFileError(file, 'starts with no front matter (a block between two --- lines)');
  let frontMatter: unknown;
  try {
    frontMatter = parseYaml(match[1]!);
  } catch (error) {
    throw new ContentFileError(file, `front matter is not valid YAML: ${(error as Error).message}`);
  }
  return { frontMatter, body: text.replace(/^\uFEFF/, '').slice(match[0].length) };
}

/** A file name that is its page's address: lower-case words joined by single hyphens. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A calendar date as written in front matter (`2026-11-18`) that names a real day. */
const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine((value) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
  }, 'must be a real calendar day');

/** A cover is a picture the site serves (`/blog/covers/x.svg`) or an https address. */
const pictureAddress = z
  .string()
  .refine((value) => /^\/(?!\/)[^\s]*$/.test(value) || /^https:\/\/[^\s]+$/.test(value), 'must be a path on this site or an https address');

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

export const blogFrontMatter = z
  .object({
    title: text(120),
    date: calendarDate,
    author: text(80),
    summary: text(300),
    cover: pictureAddress.optional(),
    coverAlt: text(200).optional(),
  })
  .strict()
  .refine((value) => value.cover === undefined || value.coverAlt !== undefined, { message: 'a cover needs coverAlt, its text for people who cannot see it', path: ['coverAlt'] });

export const helpFrontMatter = z
  .object({
    title: text(120),
    summary: text(300),
    order: z.number().int().min(0).max(10_000).optional(),
  })
  .strict();

/** The front matter checked against its schema, every problem named with the field it is in. */
export function readFrontMatter<T>(file: string, schema: z.ZodType<T>, frontMatter: unknown): T {
  const result = schema.safeParse(frontMatter ?? {});
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || 'front matter'} ${issue.message}`);
  throw new ContentFileError(file, problems.join('; '));
}
