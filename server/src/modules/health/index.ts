/**
 * What the health module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { healthRoutes } from './health.routes.js';
export { ServiceComponentStatusResolver, ServiceStatusResolver } from './service-status.resolver.js';
