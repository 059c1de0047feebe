import { useApolloClient } from '@apollo/client/react';
import { useId, useState, type ChangeEvent } from 'react';
import { AVATAR_MAX_BYTES, AVATAR_MAX_LABEL, PROFILE_FIELD_MESSAGES, isAvatarContentType } from '@domain/profile-settings';
import * as MESSAGES from '@domain/messages';
import { ApiError } from '@shell/api';
import { useToast } from '@ui/toastContext';
import { avatarAtWidth } from './avatarAtWidth';

/** Shown at 96 px; the 160 px size keeps it sharp on high-density screens. */
const PREVIEW_WIDTH = 160;

/**
 * The profile picture: the current one (or initials) and a file picker. The picture is sent as
 * soon as it is chosen, checked here first (type, 5 MB) so a wrong file is refused at once; the
 * server checks again by what the bytes are, squares and resizes it.
 */
export function AvatarField({ userId, name, avatarUrl }: { userId: string; name: string | null; avatarUrl: string | null }) {
  const client = useApolloClient();
  const toast = useToast();
  const inputId = useId();
  const hintId = useId();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    if (!isAvatarContentType(file.type)) return setProblem(PROFILE_FIELD_MESSAGES.avatarType);
    if (file.size > AVATAR_MAX_BYTES) return setProblem(PROFILE_FIELD_MESSAGES.avatarTooLarge);
    setProblem(null);
    setUploading(true);
    try {
      // The upload code comes with the first picture, not in /settings' first load (docs/product.md §Performance).
      const { uploadAvatar } = await import('./uploadAvatar');
      const url = await uploadAvatar(file);
      // Every view of the viewer (top bar, profile) reads the same cached User.
      client.cache.modify({ id: client.cache.identify({ __typename: 'User', id: userId }), fields: { avatarUrl: () => url } });
      toast.success('Your picture was updated.');
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : MESSAGES.somethingWentWrong);
    } finally {
      setUploading(false);
    }
  }

  const initials = (name ?? '?').trim().slice(0, 1).toUpperCase() || '?';
  return (
    <div className="avatar-field">
      {avatarUrl ? (
        <img className="avatar-field__picture" src={avatarAtWidth(avatarUrl, PREVIEW_WIDTH)} alt="Your profile picture" width={96} height={96} data-testid="settings-avatar" />
      ) : (
        <span className="avatar-field__picture avatar-field__picture--initials" aria-hidden="true">
          {initials}
        </span>
      )}
      <div className="avatar-field__controls">
        <label htmlFor={inputId} className="button button--outline" aria-disabled={uploading}>
          {uploading ? 'Uploading…' : avatarUrl ? 'Change picture' : 'Add a picture'}
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          name="avatar"
          accept="image/jpeg,image/png,image/webp,image/gif"
          aria-describedby={hintId}
          disabled={uploading}
          onChange={(event) => void onChoose(event)}
        />
        <p id={hintId} className="settings-form__hint">
          JPEG, PNG, WebP or GIF, up to {AVATAR_MAX_LABEL}. It is cropped to a square.
        </p>
        {problem && (
          <p className="settings-form__problem" role="alert">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}
