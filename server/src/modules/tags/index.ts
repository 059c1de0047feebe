/**
 * What the tags module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { TagType } from './tag-type.entity.js';
export { Tag } from './tag.entity.js';
