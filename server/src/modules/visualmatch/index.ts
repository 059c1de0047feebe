/**
 * What the visualmatch module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { croppedReencodedCopy, syntheticPicture } from './synthetic-pictures.test-support.js';
export { VisualMatchResolver } from './visualmatch.resolver.js';
export { visualMatchRoutes } from './visualmatch.routes.js';
export { indexPostPicture } from './visualmatch.service.js';
