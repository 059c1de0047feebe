import type { TeamBillingDetailsFragment } from '@gql/graphql';
import { INVOICE_STATUS_LABELS, formatMoney } from '@features/plans';
import { DateText } from '@ui/DateText';

type InvoiceRow = TeamBillingDetailsFragment['invoices']['nodes'][number];

/** The team's latest invoices, newest first; older ones are in the billing portal. */
export function InvoiceTable({ invoices }: { invoices: readonly InvoiceRow[] }) {
  if (invoices.length === 0) return <p className="plans__hint">No invoices yet.</p>;
  return (
    <div className="team-billing__invoices">
      <table>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Number</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Invoice page</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id}>
              <td>
                <DateText iso={String(invoice.createdAt)} />
              </td>
              <td>{invoice.number ?? '—'}</td>
              <td>{formatMoney(invoice.status === 'PAID' ? invoice.amountPaid : invoice.amountDue, invoice.currency)}</td>
              <td>{INVOICE_STATUS_LABELS[invoice.status]}</td>
              <td>
                {invoice.hostedInvoiceUrl && (
                  <a href={invoice.hostedInvoiceUrl} target="_blank" rel="noreferrer">
                    View
                  </a>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
