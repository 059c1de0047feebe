import type { EntityManager } from '@mikro-orm/postgresql';
import type { CreditStatus } from '../../../../domain/enums.js';
import { CreditRole, Credit } from '../credits/index.js';
import type { Post } from '../posts/index.js';
import type { User } from '../users/index.js';

/** A credit in a given state (the shared factory leaves new credits pending, as the product does). */
export async function creditAs(em: EntityManager, post: Post, user: User, roleId: number, status: CreditStatus = 'accepted'): Promise<Credit> {
  const credit = em.create(Credit, { post, user, role: em.getReference(CreditRole, roleId), status });
  await em.flush();
  return credit;
}

/** Sets a post's numbers and date as the import would have stored them. */
export async function setPostNumbers(em: EntityManager, post: Post, numbers: { views?: number | null; likes?: number | null; postedAt?: Date | null }): Promise<Post> {
  if (numbers.views !== undefined) post.views = numbers.views;
  if (numbers.likes !== undefined) post.likes = numbers.likes;
  if (numbers.postedAt !== undefined) post.postedAt = numbers.postedAt;
  await em.flush();
  return post;
}
