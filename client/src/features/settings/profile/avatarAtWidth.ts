/** An uploaded picture at a served width (`…/avatar?v=…&w=160`); a provider's picture (Google, Twitter) as it is. */
export function avatarAtWidth(avatarUrl: string, width: number): string {
  return avatarUrl.startsWith('/media/users/') ? `${avatarUrl}&w=${width}` : avatarUrl;
}
