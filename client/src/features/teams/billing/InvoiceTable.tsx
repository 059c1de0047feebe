import type { TeamBillingDetailsFragment } from '@gql/graphql';
import { INVOICE_STATUS_LABELS, formatMoney } from '@features/plans';
import { DataTable, type DataTableColumn } from '@ui/DataTable';
import { DateText } from '@ui/DateText';

type InvoiceRow = TeamBillingDetailsFragment['invoices']['nodes'][number];

/** What the invoice asks for: what was paid once it is, else what is due. */
const amountOf = (invoice: InvoiceRow) => (invoice.status === 'PAID' ? invoice.amountPaid : invoice.amountDue);

const COLUMNS: ReadonlyArray<DataTableColumn<InvoiceRow>> = [
  { id: 'date', header: 'Date', cell: (invoice) => <DateText iso={String(invoice.createdAt)} />, sortKey: 'date', sortValue: (invoice) => String(invoice.createdAt), firstDirection: 'descending' },
  { id: 'number', header: 'Number', cell: (invoice) => invoice.number ?? '—' },
  { id: 'amount', header: 'Amount', align: 'end', cell: (invoice) => formatMoney(amountOf(invoice), invoice.currency), sortKey: 'amount', sortValue: amountOf, firstDirection: 'descending' },
  { id: 'status', header: 'Status', cell: (invoice) => INVOICE_STATUS_LABELS[invoice.status] },
  {
    id: 'page',
    header: 'Invoice page',
    headerHidden: true,
    cell: (invoice) =>
      invoice.hostedInvoiceUrl && (
        <a href={invoice.hostedInvoiceUrl} target="_blank" rel="noreferrer">
          View
        </a>
      ),
  },
];

/** The team's latest invoices, newest first; older ones are in the billing portal. */
export function InvoiceTable({ invoices }: { invoices: readonly InvoiceRow[] }) {
  return (
    <div className="team-billing__invoices">
      <DataTable caption="Invoices" captionHidden columns={COLUMNS} rows={invoices} rowKey={(invoice) => invoice.id} empty="No invoices yet." />
    </div>
  );
}
