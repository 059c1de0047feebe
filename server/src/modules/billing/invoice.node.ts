import type { RequestContext } from '../users/index.js';
import type { NodeType } from '../../graphql/node.js';
import { isAdminViewer } from '../users/index.js';
import { canSeeTeamBilling } from './billing.policy.js';
import { Invoice } from './invoice.entity.js';

/** An invoice is seen by whoever sees its team's billing (TeamBilling.invoices), or by the person paying for PRO. */
export const invoiceNode: NodeType<Invoice, RequestContext> = {
  typeName: 'Invoice',
  classType: Invoice,
  async loadVisible({ em, viewer }, ids) {
    if (!viewer) return [];
    const invoices = await em.find(Invoice, { id: { $in: ids } }, { populate: ['subscription'] });
    const visible = await Promise.all(
      invoices.map(async (invoice) => {
        if (isAdminViewer(viewer)) return true;
        if (invoice.team) return canSeeTeamBilling(em, viewer, invoice.team.id);
        return invoice.subscription.getEntity().user?.id === viewer.user.id;
      }),
    );
    return invoices.filter((_, index) => visible[index]);
  },
};
