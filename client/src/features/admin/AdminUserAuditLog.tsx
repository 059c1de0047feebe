import { useQuery } from '@apollo/client/react';
import { useEffect, useId, useRef } from 'react';
import { AUDIT_LOG_SIZE } from '@domain/constants';
import * as MESSAGES from '@domain/messages';
import { AdminUserAuditLogDocument, type AdminUserAuditLogQuery } from '@gql/graphql';
import { DataTable, type DataTableColumn } from '@ui/DataTable';
import { DateText } from '@ui/DateText';
import { Skeleton } from '@ui/Skeleton';

/** An entry and its place in the list: entries have no identity of their own to key rows by. */
type Entry = AdminUserAuditLogQuery['adminUserAuditLog'][number] & { position: number };

/** `SIGNIN_ERROR` → `Signin error`: the action as a word. */
function actionText(action: Entry['action']): string {
  const words = action.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const COLUMNS: ReadonlyArray<DataTableColumn<Entry>> = [
  { id: 'time', header: 'Time', cell: (entry) => <DateText iso={entry.createdAt} /> },
  {
    id: 'action',
    header: 'Action',
    cell: (entry) => (
      <>
        {actionText(entry.action)}
        {entry.byAdminActingAsThem && <span className="admin-users__none"> (by an admin acting as them)</span>}
      </>
    ),
  },
  { id: 'subject', header: 'Subject', cell: (entry) => (entry.subjectId ? `${entry.subject} ${entry.subjectId}` : entry.subject) },
];

interface AdminUserAuditLogProps {
  userId: string;
  name: string;
  onClose(): void;
}

/**
 * A person's latest actions, newest first (docs/product.md §Audit log), under the user list. IP
 * addresses are not recorded, so there is no column for them.
 */
export function AdminUserAuditLog({ userId, name, onClose }: AdminUserAuditLogProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { data, loading, error } = useQuery(AdminUserAuditLogDocument, { variables: { userId }, fetchPolicy: 'cache-and-network' });
  // Opened from a row's button: move focus to what opened, so keyboard and screen reader users land on it.
  useEffect(() => heading.current?.focus(), [userId]);

  return (
    <section className="admin-audit" aria-labelledby={headingId}>
      <div className="admin-audit__bar">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          Audit log: {name}
        </h2>
        <button type="button" className="button button--outline" onClick={onClose}>
          Close audit log
        </button>
      </div>
      <p className="admin-users__none">The latest {AUDIT_LOG_SIZE} actions, newest first.</p>
      {loading && !data ? (
        <Skeleton lines={3} label="Loading…" />
      ) : error && !data ? (
        <p role="alert">{MESSAGES.unexpected}</p>
      ) : (
        <DataTable caption={`Audit log of ${name}`} captionHidden className="admin-audit__table" columns={COLUMNS} rows={(data?.adminUserAuditLog ?? []).map((entry, position) => ({ ...entry, position }))} rowKey={(entry) => String(entry.position)} empty="No recorded actions." />
      )}
    </section>
  );
}
