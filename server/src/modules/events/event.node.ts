import type { RequestContext } from '../users/index.js';
import type { NodeType } from '../../graphql/node.js';
import { Event } from './event.entity.js';

/** Events are public (docs/product.md §Events): anyone may fetch one by its global id. */
export const eventNode: NodeType<Event, RequestContext> = {
  typeName: 'Event',
  classType: Event,
  loadVisible: ({ em }, ids) => em.find(Event, { id: { $in: ids } }, { populate: ['tag'] }),
};
