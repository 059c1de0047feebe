import { Field, ObjectType } from 'type-graphql';
import { connectionType } from '../../graphql/connection.js';

@ObjectType({ description: "A post of Byline's blog, written in the repository as Markdown. Open to signed-out visitors." })
export class BlogPost {
  @Field({ description: "The post's address under /blog: lower-case words joined by hyphens." })
  slug!: string;

  @Field({ description: 'The post’s title, as its page and the index show it.' })
  title!: string;

  @Field({ description: 'The day it was published, YYYY-MM-DD.' })
  publishedOn!: string;

  @Field({ description: 'Who wrote it, as the post names them.' })
  author!: string;

  @Field({ description: 'One or two sentences for the index, the feed and link previews.' })
  summary!: string;

  @Field(() => String, { nullable: true, description: 'Its cover picture: a path on this site or an https address; null without one.' })
  coverUrl!: string | null;

  @Field(() => String, { nullable: true, description: "The cover's text alternative; null without a cover." })
  coverAlt!: string | null;

  @Field({ description: "The post's body as HTML, rendered on the server; raw HTML in the Markdown is written as text." })
  html!: string;
}

@ObjectType({ description: 'An article of the help centre, written in the repository as Markdown. Open to signed-out visitors.' })
export class HelpArticle {
  @Field({ description: "The article's address under /help." })
  slug!: string;

  @Field({ description: 'The article’s title, as its page and the index show it.' })
  title!: string;

  @Field({ description: 'What the article answers, in a sentence.' })
  summary!: string;

  @Field({ description: "The article's body as HTML, rendered on the server; raw HTML in the Markdown is written as text." })
  html!: string;
}

export const BlogPostConnection = connectionType('BlogPost', BlogPost);
export const HelpArticleConnection = connectionType('HelpArticle', HelpArticle);
