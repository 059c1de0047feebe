/**
 * What the contact module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { contactRoutes } from './contact.routes.js';
