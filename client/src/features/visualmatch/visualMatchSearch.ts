import type { ApolloClient } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client';
import * as MESSAGES from '@domain/messages';
import { networkById } from '@domain/networks';
import { VISUAL_MATCH_MAX_BYTES, VISUAL_MATCH_MESSAGES, VISUAL_MATCH_UPLOAD_TIMEOUT_MS, isVisualMatchContentType } from '@domain/visual-match';
import { VisualMatchPostByDatabaseIdDocument, VisualMatchPostByUrlDocument, VisualMatchesForPostDocument } from '@gql/graphql';
import { ApiError } from '@shell/api';
import { readFeatureFlag } from '@shell/featureFlag';
import type { PictureNetwork } from '@ui/PostPicture';

/** One look-alike, as the page shows it, whichever way the search went in. */
export interface MatchCard {
  databaseId: number;
  /** The post's network, named on the tile shown when its picture cannot be. */
  network: PictureNetwork;
  account: string;
  caption: string | null;
  thumbnailUrl: string | null;
  similarity: number;
}

/** What the picker and the drop zone refuse before sending anything, in the server's words. */
export function fileProblem(file: File): string | null {
  if (!isVisualMatchContentType(file.type)) return VISUAL_MATCH_MESSAGES.type;
  if (file.size > VISUAL_MATCH_MAX_BYTES) return VISUAL_MATCH_MESSAGES.tooLarge;
  return null;
}

interface UploadAnswer {
  success?: boolean;
  data?: { matches: Array<{ databaseId: number; network: number; account: string; caption: string | null; thumbnailUrl: string | null; similarity: number }> };
  message?: string;
  code?: string;
}

/**
 * Sends the picture to `POST /api/visualmatch` as the raw body within the 60 s upload
 * timeout of docs/product.md §Constants; rejects with an ApiError carrying the server's words (a
 * 403 is the upgrade prompt).
 */
export async function matchesForFile(file: File): Promise<MatchCard[]> {
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': file.type };
  const flag = readFeatureFlag();
  if (flag) headers['Feature-Flag'] = flag;
  let response: Response;
  try {
    response = await fetch('/api/visualmatch', { method: 'POST', headers, credentials: 'same-origin', body: file, signal: AbortSignal.timeout(VISUAL_MATCH_UPLOAD_TIMEOUT_MS) });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') throw new ApiError(504, MESSAGES.timeout);
    throw new ApiError(0, MESSAGES.somethingWentWrong);
  }
  const answer = (await response.json().catch(() => null)) as UploadAnswer | null;
  if (!response.ok || !answer?.success || !answer.data) throw new ApiError(response.status, answer?.message ?? MESSAGES.unexpected, answer?.code ?? null);
  return answer.data.matches.map(({ databaseId, network, account, caption, thumbnailUrl, similarity }) => ({
    databaseId,
    network: networkById(network) ?? { title: 'Unknown network' },
    account,
    caption,
    thumbnailUrl,
    similarity,
  }));
}

/** A Byline post page link (/posts/123 or /posts/123-account-network), absolute or not: its number. */
export function bylinePostNumber(link: string, origin: string): number | null {
  let url: URL;
  try {
    url = new URL(link.trim(), origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const match = /^\/posts\/(\d{1,9})(?:-[^/]*)?\/?$/.exec(url.pathname);
  return match ? Number(match[1]) : null;
}

/** Look-alikes of the post behind a pasted link: a Byline post page, or the post's own link on its network. */
export async function matchesForLink(client: ApolloClient, link: string): Promise<MatchCard[]> {
  try {
    const databaseId = bylinePostNumber(link, window.location.origin);
    const postId =
      databaseId !== null
        ? (await client.query({ query: VisualMatchPostByDatabaseIdDocument, variables: { databaseId }, fetchPolicy: 'network-only' })).data?.postByDatabaseId?.id
        : (await client.query({ query: VisualMatchPostByUrlDocument, variables: { url: link.trim() }, fetchPolicy: 'network-only' })).data?.postByUrl?.id;
    if (!postId) throw new ApiError(404, VISUAL_MATCH_MESSAGES.postNotFound);
    const { data } = await client.query({ query: VisualMatchesForPostDocument, variables: { postId }, fetchPolicy: 'network-only' });
    return (data?.visualMatches ?? []).map(({ similarity, post }) => ({
      databaseId: post.databaseId,
      network: post.network,
      account: post.account.handle,
      caption: post.caption ?? null,
      thumbnailUrl: post.thumbnailUrl ?? null,
      similarity,
    }));
  } catch (error) {
    if (CombinedGraphQLErrors.is(error)) {
      const first = error.errors[0];
      throw new ApiError(first?.extensions?.code === 'FORBIDDEN' ? 403 : 400, first?.message ?? MESSAGES.unexpected);
    }
    throw error;
  }
}

const PREVIEW_WIDTH = 320;

/**
 * A small preview of the chosen picture as a data: URL (the page's content security policy
 * allows data: pictures, not blob: ones), drawn at 320 px so a 20 MB photo is not held as text.
 * Null when the browser cannot decode it: the search still runs, the server has the last word.
 */
export async function picturePreview(file: File): Promise<string | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, PREVIEW_WIDTH / bitmap.width);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.8);
  } catch {
    return null;
  }
}
