/** How handles read on this page: with an @ where the network writes one (docs/product.md §Posts: YouTube, TikTok, Threads, Snapchat). */
export function displayHandle(handle: string, usesAtHandle: boolean): string {
  return usesAtHandle ? `@${handle}` : handle;
}

/** An example of what to type for a network, in its own spelling. */
export function handleExample(network: { usesAtHandle: boolean; profileBaseUrl: string | null }): string {
  const handle = displayHandle('yourname', network.usesAtHandle);
  return network.profileBaseUrl ? `${handle} or ${network.profileBaseUrl}${handle}` : handle;
}
