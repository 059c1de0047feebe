import type { RequestContext } from '../../../users/index.js';
import type { NodeType } from '../../../../graphql/node.js';
import { loadBulkImports } from './bulk-import.service.js';
import { BulkImport } from './bulk-import.types.js';

/** Only the person who started it (loadBulkImports reads the viewer's own), all asked for in one statement. */
export const bulkImportNode: NodeType<BulkImport, RequestContext> = {
  typeName: 'BulkImport',
  classType: BulkImport,
  loadVisible: async ({ em, viewer }, ids) => (viewer ? [...(await loadBulkImports(em, viewer, ids)).values()] : []),
};
