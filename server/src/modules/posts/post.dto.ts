import type { EntityManager } from "@mikro-orm/postgresql";
import { Credit, publicCreditWhere } from '../credits/index.js';
import type { Post } from "./post.entity.js";
import { STORED_WIDTH, servedThumbnailUrl } from "./thumbnail-store.js";

/** The REST shape of a post, for the /api façade. */
export interface PostDto {
  id: number;
  url: string;
  network: number;
  account: string;
  caption: string | null;
  thumbnailUrl: string | null;
  type: number;
  isPrivate: boolean;
  isDeleted: boolean;
  credits: Array<{ role: string; user: string | null; userId: number }>;
}

export async function toPostDto(
  em: EntityManager,
  post: Post,
): Promise<PostDto> {
  const [account, credits] = await Promise.all([
    post.account.loadOrFail(),
    // The public shape shows accepted credits of people on Byline; pending ones are for those concerned only.
    em.find(
      Credit,
      { $and: [{ post }, publicCreditWhere()] },
      { populate: ["role", "user"], orderBy: { id: "asc" } },
    ),
  ]);
  return {
    id: post.id,
    url: post.url,
    network: post.network.id,
    account: account.handle,
    caption: post.caption,
    thumbnailUrl: servedThumbnailUrl(post, STORED_WIDTH),
    type: post.type,
    isPrivate: post.isPrivate,
    isDeleted: post.isDeleted,
    credits: credits.flatMap((credit) =>
      credit.user
        ? [
            {
              role: credit.role.getEntity().name,
              user: credit.user.getEntity().username,
              userId: credit.user.id,
            },
          ]
        : [],
    ),
  };
}
