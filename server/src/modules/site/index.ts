export { SiteLinksResolver } from './site-links.resolver.js';
