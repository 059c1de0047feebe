/**
 * The 11 social networks of docs/product.md §Posts. The first migration seeds the
 * `social_networks` table with exactly these rows, so ids and names here must never drift.
 */

export const NetworkId = {
  Twitter: 1,
  Instagram: 2,
  Facebook: 3,
  YouTube: 4,
  TikTok: 5,
  Behance: 6,
  Website: 7,
  LinkedIn: 8,
  Twitch: 9,
  Threads: 10,
  Snapchat: 11,
} as const;
export type NetworkId = (typeof NetworkId)[keyof typeof NetworkId];

export type NetworkName =
  | 'twitter'
  | 'instagram'
  | 'facebook'
  | 'youtube'
  | 'tiktok'
  | 'behance'
  | 'website'
  | 'linkedin'
  | 'twitch'
  | 'threads'
  | 'snapchat';

export interface SocialNetwork {
  readonly id: NetworkId;
  /** Stable machine name, e.g. `tiktok`. */
  readonly name: NetworkName;
  /** What people read, e.g. `TikTok`. */
  readonly title: string;
  /** Name of the profile field that holds the user's link on this network, e.g. `twitterUrl`. */
  readonly userUrlField: `${NetworkName}Url`;
  /** Whether handles are written with an @ sign (and profile URLs contain it). */
  readonly usesAtHandle: boolean;
  readonly showOnDashboard: boolean;
  /** Handle is appended to this to make a profile link; null when there is no handle (personal website). */
  readonly profileBaseUrl: string | null;
}

export const NETWORKS: Readonly<Record<NetworkId, SocialNetwork>> = {
  1: { id: 1, name: 'twitter', title: 'Twitter', userUrlField: 'twitterUrl', usesAtHandle: false, showOnDashboard: true, profileBaseUrl: 'https://x.com/' },
  2: { id: 2, name: 'instagram', title: 'Instagram', userUrlField: 'instagramUrl', usesAtHandle: false, showOnDashboard: true, profileBaseUrl: 'https://www.instagram.com/' },
  3: { id: 3, name: 'facebook', title: 'Facebook', userUrlField: 'facebookUrl', usesAtHandle: false, showOnDashboard: true, profileBaseUrl: 'https://www.facebook.com/' },
  4: { id: 4, name: 'youtube', title: 'YouTube', userUrlField: 'youtubeUrl', usesAtHandle: true, showOnDashboard: true, profileBaseUrl: 'https://www.youtube.com/' },
  5: { id: 5, name: 'tiktok', title: 'TikTok', userUrlField: 'tiktokUrl', usesAtHandle: true, showOnDashboard: true, profileBaseUrl: 'https://www.tiktok.com/' },
  6: { id: 6, name: 'behance', title: 'Behance', userUrlField: 'behanceUrl', usesAtHandle: false, showOnDashboard: false, profileBaseUrl: 'https://www.behance.net/' },
  7: { id: 7, name: 'website', title: 'Personal website', userUrlField: 'websiteUrl', usesAtHandle: false, showOnDashboard: false, profileBaseUrl: null },
  8: { id: 8, name: 'linkedin', title: 'LinkedIn', userUrlField: 'linkedinUrl', usesAtHandle: false, showOnDashboard: false, profileBaseUrl: 'https://www.linkedin.com/in/' },
  9: { id: 9, name: 'twitch', title: 'Twitch', userUrlField: 'twitchUrl', usesAtHandle: false, showOnDashboard: false, profileBaseUrl: 'https://www.twitch.tv/' },
  10: { id: 10, name: 'threads', title: 'Threads', userUrlField: 'threadsUrl', usesAtHandle: true, showOnDashboard: false, profileBaseUrl: 'https://www.threads.net/' },
  11: { id: 11, name: 'snapchat', title: 'Snapchat', userUrlField: 'snapchatUrl', usesAtHandle: true, showOnDashboard: true, profileBaseUrl: 'https://www.snapchat.com/' },
};

/** All networks in id order, for menus and seeding. */
export const NETWORK_LIST: readonly SocialNetwork[] = Object.values(NETWORKS).sort((a, b) => a.id - b.id);

export function isNetworkId(id: number): id is NetworkId {
  return Object.hasOwn(NETWORKS, id);
}

export function networkById(id: number): SocialNetwork | undefined {
  return isNetworkId(id) ? NETWORKS[id] : undefined;
}

/** Looks a network up by its machine name; case and surrounding spaces are ignored. */
export function networkByName(name: string): SocialNetwork | undefined {
  const wanted = name.trim().toLowerCase();
  return NETWORK_LIST.find((network) => network.name === wanted);
}

/**
 * The public profile link for a handle, e.g. `https://www.tiktok.com/@byline`.
 * A leading @ typed by the user is dropped first so it is never doubled.
 * Returns null for the personal website (no handle-based URL) and for an empty handle.
 */
export function profileUrl(network: SocialNetwork | NetworkId, handle: string): string | null {
  const resolved = typeof network === 'number' ? NETWORKS[network] : network;
  const bareHandle = handle.trim().replace(/^@+/, '');
  if (resolved.profileBaseUrl === null || bareHandle === '') return null;
  const prefix = resolved.usesAtHandle ? '@' : '';
  return `${resolved.profileBaseUrl}${prefix}${encodeURIComponent(bareHandle)}`;
}
