/**
 * What the events module offers the rest of Byline. Other modules, the registry and tests import
 * these, never a file of the module directly (docs/architecture.md).
 */
export { eventPageHead } from './event-head.js';
export { Event } from './event.entity.js';
export { eventNode } from './event.node.js';
export { EventResolver, PostEventsResolver } from './event.resolver.js';
export { eventCoverUploadRoutes, eventMediaRoutes } from './event.routes.js';
export { createEvent, findEventBySlug } from './event.service.js';
