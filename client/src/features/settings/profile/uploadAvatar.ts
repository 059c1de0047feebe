import { AVATAR_UPLOAD_TIMEOUT_MS } from '@domain/profile-settings';
import * as MESSAGES from '@domain/messages';
import { ApiError } from '@shell/api';
import { readFeatureFlag } from '@shell/featureFlag';

/**
 * Sends a picture to `POST /api/users/me/avatar` as the raw body (the REST façade's one non-JSON
 * call), within the 60 s upload timeout of docs/product.md §Constants. Resolves to the new
 * avatarUrl; rejects with an ApiError carrying the server's words. Loaded when a picture is chosen
 * (AvatarField), not with /settings.
 */
export async function uploadAvatar(file: File): Promise<string> {
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': file.type };
  const flag = readFeatureFlag();
  if (flag) headers['Feature-Flag'] = flag;
  let response: Response;
  try {
    response = await fetch('/api/users/me/avatar', { method: 'POST', headers, credentials: 'same-origin', body: file, signal: AbortSignal.timeout(AVATAR_UPLOAD_TIMEOUT_MS) });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') throw new ApiError(504, MESSAGES.timeout);
    throw new ApiError(0, MESSAGES.somethingWentWrong);
  }
  const answer = (await response.json().catch(() => null)) as { success?: boolean; data?: { avatarUrl?: string }; message?: string } | null;
  const avatarUrl = answer?.data?.avatarUrl;
  if (!response.ok || !answer?.success || !avatarUrl) throw new ApiError(response.status, answer?.message ?? MESSAGES.unexpected);
  return avatarUrl;
}
