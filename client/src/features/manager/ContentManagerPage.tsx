import { useApolloClient, useQuery } from '@apollo/client/react';
import { useMemo, useState } from 'react';
import * as MESSAGES from '@domain/messages';
import { ManagerPostsCsvDocument, ManagerPostsDocument, type ManagerPostSort } from '@gql/graphql';
import { Skeleton } from '@ui/Skeleton';
import { useDebouncedValue } from '@ui/useDebouncedValue';
import { PageFrame } from '@ui/PageFrame';
import { BulkImportPanel } from './BulkImportPanel';
import { ManagerFilters, NO_FILTER, toFilterInput, type FilterState } from './ManagerFilters';
import { ManagerTable, rowKey } from './ManagerTable';
import { downloadText } from './managerFiles';
import { SelectionActionsOnSelect } from './SelectionActionsOnSelect';
import './manager.css';

const PAGE_SIZE = 50;
const DEFAULT_SORT: ManagerPostSort = { field: 'TRACKED_AT', direction: 'DESC' };

/** `/manager`: every post of the viewer's in one table to sort, filter, select, act on and export; bulk import on top. */
export default function ContentManagerPage() {
  const client = useApolloClient();
  const [filterState, setFilterState] = useState<FilterState>(NO_FILTER);
  const debounced = useDebouncedValue(filterState, 300);
  const filter = useMemo(() => toFilterInput(debounced), [debounced]);
  const [sort, setSort] = useState<ManagerPostSort>(DEFAULT_SORT);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const { data, loading, error, fetchMore, refetch } = useQuery(ManagerPostsDocument, { variables: { first: PAGE_SIZE, filter, sort }, notifyOnNetworkStatusChange: true });

  const rows = data?.managerPosts.edges.map((edge) => edge.node) ?? [];
  const selectedRows = rows.filter((row) => selected.has(rowKey(row)));

  const select = (keys: string[], on: boolean) => {
    const next = new Set(selected);
    for (const key of keys) {
      if (on) next.add(key);
      else next.delete(key);
    }
    setSelected(next);
  };

  const loadMore = () =>
    fetchMore({
      variables: { after: data?.managerPosts.pageInfo.endCursor ?? null },
      updateQuery: (previous, { fetchMoreResult }) => ({
        ...previous,
        managerPosts: { ...fetchMoreResult.managerPosts, edges: [...previous.managerPosts.edges, ...fetchMoreResult.managerPosts.edges] },
      }),
    });

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const result = await client.query({ query: ManagerPostsCsvDocument, variables: { filter, sort }, fetchPolicy: 'network-only' });
      if (result.data) downloadText('byline-posts.csv', result.data.managerPostsCsv);
    } catch {
      setExportError(MESSAGES.unexpected);
    } finally {
      setExporting(false);
    }
  };

  return (
    <PageFrame heading="Content Manager" purpose="Every post you track, are credited on, or posted from your connected accounts, in one table.">
      <BulkImportPanel onSettled={() => void refetch()} />
      <ManagerFilters value={filterState} onChange={setFilterState} />
      <p className="manager__toolbar">
        <button type="button" className="button button--outline button--small" disabled={exporting} onClick={() => void exportCsv()}>
          Export CSV
        </button>
        {exportError && <span role="alert">{exportError}</span>}
      </p>
      <SelectionActionsOnSelect
        rows={selectedRows}
        onDone={({ clearSelection }) => {
          if (clearSelection) setSelected(new Set());
          void refetch();
        }}
      />
      {error && <p role="alert">{MESSAGES.unexpected}</p>}
      {(data || loading) && <ManagerTable rows={rows} loading={loading && !data} sort={sort} onSort={setSort} selected={selected} onSelect={select} filtered={Object.keys(filter).length > 0} />}
      {loading && <Skeleton lines={2} label="Loading posts…" />}
      {data?.managerPosts.pageInfo.hasNextPage && !loading && (
        <button type="button" className="button button--outline" onClick={() => void loadMore()}>
          Show more
        </button>
      )}
    </PageFrame>
  );
}
