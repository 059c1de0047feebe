/**
 * What a user types to connect an account: a handle ("maya.makes", "@maya.makes") or a link
 * to the profile ("https://www.tiktok.com/@maya.makes"). Both become the bare handle Byline
 * stores (never with an @: the network's @ rule decides how it is shown and linked).
 */
import * as MESSAGES from '../../../../domain/messages.js';
import { NetworkId, profileUrl, type SocialNetwork } from '../../../../domain/networks.js';
import { recognizeProfileUrl } from '../../../../domain/profile-url-recognition.js';
import { InvalidInput, Unprocessable } from '../../errors/app-errors.js';

/** Letters (any script), digits, _, . and - : what the networks allow in handles (as profile links are read). */
const HANDLE = /^[\p{L}\p{N}_.-]{1,100}$/u;

export const INVALID_HANDLE_MESSAGE = 'Please enter a username or a link to the profile.';

function looksLikeLink(text: string): boolean {
  return /^(https?:\/\/|www\.)/i.test(text) || /^[a-z0-9-]+(\.[a-z0-9-]+)+\//i.test(text);
}

/**
 * The bare handle on `network` named by `input`. A link must be a profile link of that same
 * network ("Invalid url" otherwise); a handle may carry one leading @ on any network, since
 * people write "@jane" for X accounts as well.
 */
export function handleFromInput(network: SocialNetwork, input: string): string {
  // Personal websites have no handle to put a code under; Byline finds their posts by link.
  if (network.profileBaseUrl === null) throw new Unprocessable(MESSAGES.platformNotSupported);
  const text = input.trim();
  if (looksLikeLink(text)) {
    const withScheme = /^https?:\/\//i.test(text) ? text : `https://${text}`;
    const profile = recognizeProfileUrl(withScheme);
    if (profile === null || profile.networkId !== network.id) throw new InvalidInput(MESSAGES.invalidUrl, { field: 'handleOrUrl' });
    // Profile links are rebuilt from the handle (linkedin.com/in/…), which a company page (/company/…) is not.
    if (network.id === NetworkId.LinkedIn && /\/company\//i.test(withScheme)) throw new InvalidInput(MESSAGES.invalidUrl, { field: 'handleOrUrl' });
    return profile.handle;
  }
  const handle = text.replace(/^@/, '');
  if (!HANDLE.test(handle)) throw new InvalidInput(INVALID_HANDLE_MESSAGE, { field: 'handleOrUrl' });
  return handle;
}

/** The profile page of a handle, by the network's base URL and @ rule (never null for networks with handles). */
export function profilePageUrl(network: SocialNetwork, handle: string): string {
  const url = profileUrl(network, handle);
  if (url === null) throw new Unprocessable(MESSAGES.platformNotSupported);
  return url;
}
