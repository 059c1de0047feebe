import { useLazyQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { loadStatsChart } from '@features/analytics';
import { TeamReportSeriesDocument, type TeamPageQuery, type TeamReportRowFragment, type TeamReportSeriesQuery } from '@gql/graphql';
import { useMutationLoadedOnUse } from '@shell/useMutationLoadedOnUse';
import { DataTable, type DataTableColumn } from '@ui/DataTable';
import { EmptyState } from '@ui/EmptyState';
import { lazyWhenOpen } from '@ui/lazyWhenOpen';
import { useToast } from '@ui/toastContext';
import { loadCreateTeamReport, loadDeleteTeamReport } from './loadMutationDocument';
import { teamRefusal } from './teamErrors';
import { useTeamTools } from './teamTools';

type ManagedAccounts = NonNullable<TeamPageQuery['teamByDatabaseId']>['managedAccounts']['nodes'];

/** A report's chart shows once its numbers are opened: its code loads then, not with /teams/{id} (the 150 KB of docs/product.md §Performance). */
const ReportChart = lazyWhenOpen(loadStatsChart);

/** Stable (useMutationLoadedOnUse's options must be): the page shows the change. */
const REFETCH_PAGE = { refetchQueries: ['TeamPage'] } as const;

const number = (value: number | null | undefined) => (value === null || value === undefined ? '–' : value.toLocaleString());

type DailyPoint = NonNullable<Extract<TeamReportSeriesQuery['node'], { __typename: 'TeamReport' }>['series']>[number];

/** A numbers column of the daily totals: right-aligned, largest first on a first press. */
function total(id: 'views' | 'likes' | 'comments' | 'shares', header: string): DataTableColumn<DailyPoint> {
  return { id, header, align: 'end', cell: (point) => number(point[id]), sortKey: id, sortValue: (point) => point[id], firstDirection: 'descending' };
}

const DAILY_COLUMNS: ReadonlyArray<DataTableColumn<DailyPoint>> = [
  { id: 'day', header: 'Day', rowHeader: true, cell: (point) => point.day, sortKey: 'day', sortValue: (point) => point.day },
  total('views', 'Views'),
  total('likes', 'Likes'),
  total('comments', 'Comments'),
  total('shares', 'Shares'),
];

function ReportRow({ report, open, onOpenChange }: { report: TeamReportRowFragment; open: boolean; onOpenChange: (open: boolean) => void }) {
  const toast = useToast();
  const tools = useTeamTools();
  const [loadSeries, series] = useLazyQuery(TeamReportSeriesDocument);
  const [deleteReport] = useMutationLoadedOnUse(loadDeleteTeamReport, REFETCH_PAGE);
  const points = series.data?.node?.__typename === 'TeamReport' ? series.data.node.series : [];

  const toggle = () => {
    if (!open && !tools.upgradeCheck()) return;
    onOpenChange(!open);
    if (!open) void loadSeries({ variables: { id: report.id, days: 90 } });
  };

  return (
    <li className="teams__report">
      <div className="teams__row">
        <span>
          {report.name} <span className="teams__muted">{report.postCount} posts</span>
        </span>
        <span className="teams__row-actions">
          <button type="button" className="button button--outline button--small" aria-expanded={open} onClick={toggle}>
            {open ? 'Hide numbers' : 'Numbers'}
          </button>
          <a className="button button--outline button--small" href={report.csvPath} download onClick={(event) => (tools.upgradeCheck() ? undefined : event.preventDefault())}>
            Export CSV
          </a>
          <button
            type="button"
            className="button button--outline button--small"
            aria-label={`Delete ${report.name}`}
            onClick={() => void deleteReport({ variables: { input: { reportId: report.id } } }).catch((failure: unknown) => toast.error(teamRefusal(failure).message))}
          >
            Delete
          </button>
        </span>
      </div>
      <ReportChart open={open} subject={{ teamReportId: report.id }} heading={`${report.name}: numbers over time`} />
      {open && (
        <div className="teams__table-wrap">
          <DataTable
            caption={`${report.name}: daily totals`}
            captionHidden
            columns={DAILY_COLUMNS}
            rows={points}
            rowKey={(point) => point.day}
            loading={series.loading || !series.called}
            empty="No numbers in the last 90 days yet."
          />
        </div>
      )}
    </li>
  );
}

/** Saved reports: a named set of the team's managed accounts with their numbers over time, exportable as CSV. */
export function ReportsSection({ reports, accounts }: { reports: readonly TeamReportRowFragment[]; accounts: ManagedAccounts }) {
  const tools = useTeamTools();
  const nameId = useId();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  // One report's numbers open at a time, so the page asks for one chart series, not one per report.
  const [openReportId, setOpenReportId] = useState<string | null>(null);
  const [createReport, { loading }] = useMutationLoadedOnUse(loadCreateTeamReport, REFETCH_PAGE);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!tools.upgradeCheck()) return;
    try {
      await createReport({ variables: { input: { teamId: tools.teamId, name, kind: 'ACCOUNTS', itemIds: chosen } } });
      setName('');
      setChosen([]);
    } catch (failure) {
      const refusal = teamRefusal(failure);
      if (refusal.needsTeamsSubscription) tools.showUpgrade();
      else setError(refusal.message);
    }
  };

  return (
    <section className="teams__section" aria-labelledby="team-reports">
      <h2 id="team-reports" className="teams__subheading">
        Saved reports
      </h2>
      {reports.length === 0 ? (
        <EmptyState title="No reports yet." />
      ) : (
        <ul className="teams__list">
          {reports.map((report) => (
            <ReportRow key={report.id} report={report} open={openReportId === report.id} onOpenChange={(open) => setOpenReportId(open ? report.id : null)} />
          ))}
        </ul>
      )}
      {accounts.length > 0 && (
        <form className="teams__report-form" onSubmit={submit} aria-label="New report">
          <div className="teams__field">
            <label htmlFor={nameId}>Report name</label>
            <input id={nameId} className="text-input" value={name} required maxLength={120} onChange={(event) => setName(event.target.value)} />
          </div>
          <fieldset className="teams__fieldset">
            <legend>Accounts</legend>
            {accounts.map((managed) => (
              <label key={managed.id} className="teams__checkbox">
                <input
                  type="checkbox"
                  checked={chosen.includes(managed.account.id)}
                  onChange={(event) => setChosen(event.target.checked ? [...chosen, managed.account.id] : chosen.filter((id) => id !== managed.account.id))}
                />{' '}
                @{managed.account.handle}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button button--primary" disabled={loading || chosen.length === 0}>
            Save report
          </button>
          {error && (
            <p className="teams__error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
