import type { NodeType } from '../../graphql/node.js';
import { isAdminViewer, type RequestContext } from '../users/index.js';
import { Announcement } from './announcement.entity.js';

/** node(id:) for admins only, like the announcements query; anyone else finds nothing. */
export const announcementNode: NodeType<Announcement, RequestContext> = {
  typeName: 'Announcement',
  classType: Announcement,
  loadVisible: ({ em, viewer }, ids) => (isAdminViewer(viewer) ? em.find(Announcement, { id: { $in: ids } }) : Promise.resolve([])),
};
