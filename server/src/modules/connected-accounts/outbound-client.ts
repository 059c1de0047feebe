import type { AppConfig } from '../../config.js';
import { createOutboundHttp } from '../posts/index.js';
import type { OutboundHttp } from '../posts/index.js';

// One client per server configuration, as the posts module keeps one: its pooled
// connections were each checked when they opened, and resolvers get only the config.
const clients = new WeakMap<AppConfig, OutboundHttp>();

/** The outbound client profile pages are fetched with: the importer's, with the same SCRAPER_BASE_URL and address rules. */
export function profileHttpFor(config: AppConfig): OutboundHttp {
  let client = clients.get(config);
  if (!client) {
    client = createOutboundHttp({ scraperBaseUrl: config.scraperBaseUrl, allowPrivateAddresses: false });
    clients.set(config, client);
  }
  return client;
}
