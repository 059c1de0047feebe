/**
 * Just enough of a browser for Node tests of redirect flows (OAuth round trips): it keeps
 * cookies per host and path, drops expired ones, and follows redirects by hand across origins,
 * so a test sees every hop and the cookies each one set.
 */
interface StoredCookie {
  host: string;
  name: string;
  value: string;
  path: string;
}

export interface FollowResult {
  /** Every URL visited, in order, ending with `url`. */
  chain: string[];
  /** Where the chain stopped. */
  url: URL;
  /** The last response, or null when the chain stopped at a page `stopAt` chose not to load. */
  response: Response | null;
}

export class TestBrowser {
  private cookies: StoredCookie[] = [];

  /** Stores a cookie as if a response from `origin` had set it. */
  setCookie(origin: string, name: string, value: string, path = '/'): void {
    const host = new URL(origin).hostname;
    this.cookies = this.cookies.filter((cookie) => !(cookie.host === host && cookie.name === name && cookie.path === path));
    this.cookies.push({ host, name, value, path });
  }

  cookie(origin: string, name: string): string | null {
    const host = new URL(origin).hostname;
    return this.cookies.find((cookie) => cookie.host === host && cookie.name === name)?.value ?? null;
  }

  /** One request with this browser's cookies; redirects are not followed. */
  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const headers = new Headers(init.headers);
    const sent = this.cookies.filter((cookie) => cookie.host === target.hostname && pathMatches(target.pathname, cookie.path));
    if (sent.length > 0) headers.set('cookie', sent.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '));
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const header of response.headers.getSetCookie()) this.store(target, header);
    return response;
  }

  /**
   * GETs `url` and follows redirects. `stopAt` may end the chain before loading a URL (say, a
   * page of the web app, which a test server does not serve).
   */
  async follow(url: string | URL, options: { stopAt?: (url: URL) => boolean; headers?: Record<string, string>; maxHops?: number } = {}): Promise<FollowResult> {
    let current = new URL(url);
    const chain = [current.href];
    for (let hop = 0; hop <= (options.maxHops ?? 10); hop++) {
      if (options.stopAt?.(current)) return { chain, url: current, response: null };
      const response = await this.fetch(current, { headers: options.headers });
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { chain, url: current, response };
      await response.arrayBuffer();
      current = new URL(location, current);
      chain.push(current.href);
    }
    throw new Error(`too many redirects: ${chain.join(' → ')}`);
  }

  private store(from: URL, header: string): void {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    if (separator <= 0) return;
    const name = pair.slice(0, separator);
    const value = pair.slice(separator + 1);
    let path = '/';
    let expired = false;
    for (const attribute of attributes) {
      const [key = '', attributeValue = ''] = attribute.split('=');
      if (key.toLowerCase() === 'path') path = attributeValue || '/';
      if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) expired = true;
      if (key.toLowerCase() === 'expires' && Date.parse(attribute.slice(attribute.indexOf('=') + 1)) <= Date.now()) expired = true;
    }
    this.cookies = this.cookies.filter((cookie) => !(cookie.host === from.hostname && cookie.name === name && cookie.path === path));
    if (!expired) this.cookies.push({ host: from.hostname, name, value, path });
  }
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  return requestPath === cookiePath || requestPath.startsWith(cookiePath.endsWith('/') ? cookiePath : `${cookiePath}/`);
}
