import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { COST_CATEGORIES, COST_CATEGORY_LABELS, COST_MESSAGES, CURRENCY_EXPONENTS, formatMinorUnits, parseMinorUnits, type CostCategory } from '@domain/project-costs';
import * as MESSAGES from '@domain/messages';
import {
  CreateProjectCostDocument,
  DeleteProjectCostDocument,
  ProjectCostsTabDocument,
  SetProjectBudgetDocument,
  UpdateProjectCostDocument,
  type ProjectCostCategory,
  type ProjectCostRowFragment,
  type ProjectCostsTabQuery,
} from '@gql/graphql';
import { serverRefusal } from '@shell/serverError';
import { DataTable, type DataTableColumn } from '@ui/DataTable';
import { EmptyState } from '@ui/EmptyState';
import { Select } from '@ui/Select';
import { TextField } from '@ui/TextField';
import { useToast } from '@ui/toastContext';
import type { ProjectTabProps } from './types';
import './costs.css';

/** One page holds every line a project may have (at most 1,000 on the server; a tab shows the first 100 and says so). */
const PAGE_SIZE = 100;
/** Every change shows at once in the table and the totals. */
const REFETCH = { refetchQueries: ['ProjectCostsTab'], awaitRefetchQueries: true };

const CURRENCIES = Object.keys(CURRENCY_EXPONENTS).sort();
const CURRENCY_OPTIONS = CURRENCIES.map((code) => ({ value: code, label: code }));
const CATEGORY_OPTIONS = COST_CATEGORIES.map((category) => ({ value: category, label: COST_CATEGORY_LABELS[category] }));

/** The GraphQL spelling of a category and back: CREW ↔ crew. */
const toEnum = (category: CostCategory) => category.toUpperCase() as ProjectCostCategory;
const fromEnum = (category: ProjectCostCategory) => category.toLowerCase() as CostCategory;

/** An amount as people read it: plain decimals in the currency's own places and its code ("12.34 USD"), exact whatever the size. */
function money(amount: number, currency: string): string {
  return `${formatMinorUnits(amount, currency)} ${currency}`;
}

function payeeOf(cost: ProjectCostRowFragment): string {
  if (cost.vendorName) return cost.vendorName;
  const user = cost.payeeCollaborator?.user;
  if (user) return user.name ?? user.username ?? 'Collaborator';
  return cost.payeeCollaborator ? 'Invited collaborator' : '–';
}

function refusalOf(failure: unknown): string {
  return serverRefusal(failure)?.message ?? MESSAGES.unexpected;
}

/** The costs of a project (docs/product.md §Projects): lines, totals per currency and category, the budget against the costs in its currency, and a CSV download. */
export default function CostsTab({ projectId, can }: ProjectTabProps) {
  if (!can.seeCosts) {
    return <EmptyState title="Only the project’s owners and editors see its costs." />;
  }
  return <Costs projectId={projectId} />;
}

function Costs({ projectId }: { projectId: string }) {
  const toast = useToast();
  const { data, loading, error } = useQuery(ProjectCostsTabDocument, { variables: { id: projectId, first: PAGE_SIZE } });
  const [updateCost] = useMutation(UpdateProjectCostDocument, REFETCH);
  const [deleteCost] = useMutation(DeleteProjectCostDocument, REFETCH);
  const project = data?.node?.__typename === 'Project' ? data.node : null;

  if (error) return <EmptyState title="The costs could not be loaded.">Try again in a moment.</EmptyState>;
  if (!loading && (!project || !project.costs || !project.costTotals)) return <EmptyState title="Only the project’s owners and editors see its costs." />;

  const costs = project?.costs?.nodes ?? [];
  const columns: ReadonlyArray<DataTableColumn<ProjectCostRowFragment>> = [
    { id: 'description', header: 'Description', rowHeader: true, cell: (cost) => cost.description },
    { id: 'category', header: 'Category', cell: (cost) => COST_CATEGORY_LABELS[fromEnum(cost.category)] },
    { id: 'quantity', header: 'Qty', align: 'end', cell: (cost) => cost.quantity.toLocaleString() },
    { id: 'amount', header: 'Unit amount', align: 'end', cell: (cost) => money(cost.amount, cost.currency) },
    { id: 'total', header: 'Total', align: 'end', cell: (cost) => money(cost.lineTotal, cost.currency) },
    { id: 'payee', header: 'Paid to', cell: payeeOf },
    {
      id: 'paid',
      header: 'Paid',
      cell: (cost) => (
        <label className="costs__paid">
          <input
            type="checkbox"
            checked={cost.paid}
            onChange={(event) => void updateCost({ variables: { input: { costId: cost.id, paid: event.target.checked } } }).catch((failure: unknown) => toast.error(refusalOf(failure)))}
          />
          <span className="visually-hidden">Paid: {cost.description}</span>
        </label>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (cost) => (
        <button
          type="button"
          className="button button--outline button--small"
          aria-label={`Delete ${cost.description}`}
          onClick={() => void deleteCost({ variables: { input: { costId: cost.id } } }).catch((failure: unknown) => toast.error(refusalOf(failure)))}
        >
          Delete
        </button>
      ),
    },
  ];

  return (
    <div className="costs">
      <div className="costs__header">
        <h2 className="costs__heading">Costs</h2>
        {project?.costsCsvPath && (
          <a className="button button--outline button--small" href={project.costsCsvPath} download>
            Download CSV
          </a>
        )}
      </div>
      <DataTable
        caption="Cost lines"
        captionHidden
        columns={columns}
        rows={costs}
        rowKey={(cost) => cost.id}
        loading={loading}
        empty="No costs yet. Add the first one below."
        testId="project-costs"
      />
      {project?.costs?.pageInfo.hasNextPage && <p className="costs__note">Showing the first {PAGE_SIZE} of {project.costs.totalCount} costs: download the CSV for all of them.</p>}
      {project?.costTotals && <Totals totals={project.costTotals} />}
      <AddCostForm projectId={projectId} defaultCurrency={project?.costTotals?.budget?.currency ?? 'USD'} payees={project?.collaborators.nodes ?? []} />
      <BudgetForm projectId={projectId} budget={project?.costTotals?.budget ?? null} />
    </div>
  );
}

type ProjectData = Extract<NonNullable<ProjectCostsTabQuery['node']>, { __typename: 'Project' }>;
type Payee = ProjectData['collaborators']['nodes'][number];

function payeeName(payee: Payee): string {
  return payee.user?.name ?? payee.user?.username ?? 'Invited collaborator';
}

type TotalsData = NonNullable<Extract<NonNullable<ProjectCostsTabQuery['node']>, { __typename: 'Project' }>['costTotals']>;

function Totals({ totals }: { totals: TotalsData }) {
  const { budget } = totals;
  return (
    <section className="costs__totals" aria-labelledby="costs-totals">
      <h3 id="costs-totals" className="costs__subheading">
        Totals
      </h3>
      {budget ? (
        <div role="group" aria-label="Budget against actual">
        <dl className="costs__budget">
          <div>
            <dt>Budget</dt>
            <dd>{money(budget.amount, budget.currency)}</dd>
          </div>
          <div>
            <dt>Actual</dt>
            <dd>{money(budget.actual, budget.currency)}</dd>
          </div>
          <div>
            <dt>{budget.remaining < 0 ? 'Over budget by' : 'Remaining'}</dt>
            <dd className={budget.remaining < 0 ? 'costs__over' : undefined}>{money(Math.abs(budget.remaining), budget.currency)}</dd>
          </div>
        </dl>
        </div>
      ) : (
        <p className="costs__note">No budget set.</p>
      )}
      {totals.currencies.length > 0 && (
        <p className="costs__note">Each currency is totalled on its own; amounts are never converted.</p>
      )}
      <ul className="costs__currencies">
        {totals.currencies.map((entry) => (
          <li key={entry.currency} className="costs__currency">
            <h4 className="costs__currency-total">
              {money(entry.total, entry.currency)}
              {budget && budget.currency !== entry.currency && <span className="costs__muted"> (not in the budget’s currency)</span>}
            </h4>
            <p className="costs__muted">
              Paid {money(entry.paid, entry.currency)} · Unpaid {money(entry.unpaid, entry.currency)}
            </p>
            <ul className="costs__categories" aria-label={`${entry.currency} by category`}>
              {entry.categories.map((line) => (
                <li key={line.category}>
                  <span>{COST_CATEGORY_LABELS[fromEnum(line.category)]}</span> <span>{money(line.total, entry.currency)}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Nobody named yet, a collaborator, or a vendor typed in. */
const VENDOR = 'vendor';

function AddCostForm({ projectId, defaultCurrency, payees }: { projectId: string; defaultCurrency: string; payees: readonly Payee[] }) {
  const formId = useId();
  const [category, setCategory] = useState<CostCategory>('crew');
  const [description, setDescription] = useState('');
  const [amountText, setAmountText] = useState('');
  const [quantityText, setQuantityText] = useState('1');
  const [currency, setCurrency] = useState<string | null>(null);
  const [payee, setPayee] = useState<string>(VENDOR);
  const [vendorName, setVendorName] = useState('');
  const [paid, setPaid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [createCost, { loading }] = useMutation(CreateProjectCostDocument, REFETCH);
  const chosenCurrency = currency ?? defaultCurrency;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const amount = parseMinorUnits(amountText, chosenCurrency);
    if (amount === null) return setError(COST_MESSAGES.amountInvalid);
    const quantity = Number(quantityText);
    if (!Number.isSafeInteger(quantity) || quantity < 1) return setError(COST_MESSAGES.quantityInvalid);
    try {
      const paidTo = payee === VENDOR ? { vendorName: vendorName.trim() || null } : { payeeCollaboratorId: payee };
      await createCost({ variables: { input: { projectId, category: toEnum(category), description, amount, currency: chosenCurrency, quantity, ...paidTo, paid } } });
      setDescription('');
      setAmountText('');
      setQuantityText('1');
      setVendorName('');
      setPayee(VENDOR);
      setPaid(false);
    } catch (failure) {
      setError(refusalOf(failure));
    }
  };

  return (
    <form className="costs__form" onSubmit={submit} aria-labelledby={`${formId}-heading`}>
      <h3 id={`${formId}-heading`} className="costs__subheading">
        Add a cost
      </h3>
      <div className="costs__fields">
        <Select label="Category" value={category} options={CATEGORY_OPTIONS} onChange={setCategory} />
        <TextField label="Description" value={description} onChange={setDescription} required maxLength={200} />
        <TextField label="Unit amount" value={amountText} onChange={setAmountText} required inputMode="decimal" hint={`In ${chosenCurrency}, e.g. ${formatMinorUnits(123450, chosenCurrency)}`} />
        <Select label="Currency" value={chosenCurrency} options={CURRENCY_OPTIONS} onChange={setCurrency} />
        <TextField label="Quantity" value={quantityText} onChange={setQuantityText} required inputMode="numeric" />
        <Select label="Paid to" value={payee} options={[{ value: VENDOR, label: 'A vendor (or nobody yet)' }, ...payees.map((person) => ({ value: person.id, label: payeeName(person) }))]} onChange={setPayee} />
        {payee === VENDOR && <TextField label="Vendor" value={vendorName} onChange={setVendorName} maxLength={120} hint="Optional: who is paid, when not one of the project’s people." />}
        <label className="costs__checkbox">
          <input type="checkbox" checked={paid} onChange={(event) => setPaid(event.target.checked)} /> Already paid
        </label>
      </div>
      <button type="submit" className="button button--primary" disabled={loading}>
        Add cost
      </button>
      {error && (
        <p className="costs__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function BudgetForm({ projectId, budget }: { projectId: string; budget: { amount: number; currency: string } | null }) {
  const formId = useId();
  const [amountText, setAmountText] = useState<string | null>(null);
  const [currency, setCurrency] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [setBudget, { loading }] = useMutation(SetProjectBudgetDocument, REFETCH);
  const chosenCurrency = currency ?? budget?.currency ?? 'USD';
  const shownAmount = amountText ?? (budget ? formatMinorUnits(budget.amount, budget.currency) : '');

  const save = async (amount: number | null) => {
    setError(null);
    try {
      await setBudget({ variables: { input: { projectId, amount, currency: amount === null ? null : chosenCurrency } } });
      setAmountText(null);
      setCurrency(null);
    } catch (failure) {
      setError(refusalOf(failure));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseMinorUnits(shownAmount, chosenCurrency);
    if (amount === null) return setError(COST_MESSAGES.budgetInvalid);
    void save(amount);
  };

  return (
    <form className="costs__form" onSubmit={submit} aria-labelledby={`${formId}-heading`}>
      <h3 id={`${formId}-heading`} className="costs__subheading">
        Budget
      </h3>
      <div className="costs__fields">
        <TextField label="Budget amount" value={shownAmount} onChange={setAmountText} required inputMode="decimal" />
        <Select label="Budget currency" value={chosenCurrency} options={CURRENCY_OPTIONS} onChange={setCurrency} />
      </div>
      <div className="costs__actions">
        <button type="submit" className="button button--primary" disabled={loading}>
          Save budget
        </button>
        {budget && (
          <button type="button" className="button button--outline" disabled={loading} onClick={() => void save(null)}>
            Clear budget
          </button>
        )}
      </div>
      {error && (
        <p className="costs__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
