import type { RequestContext } from '../../../users/index.js';
import type { NodeType } from '../../../../graphql/node.js';
import { loadBulkImport } from './bulk-import.service.js';
import { BulkImport } from './bulk-import.types.js';

/** Only the person who started it (loadBulkImport reads the viewer's own). */
export const bulkImportNode: NodeType<BulkImport, RequestContext> = {
  typeName: 'BulkImport',
  classType: BulkImport,
  loadVisible: async ({ em, viewer }, ids) => {
    if (!viewer) return [];
    const found = await Promise.all(ids.map((id) => loadBulkImport(em, viewer, id)));
    return found.filter((entry): entry is BulkImport => entry !== null);
  },
};
