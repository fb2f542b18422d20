import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, RotateCw } from 'lucide-react';
import { toast } from 'sonner';
import type { OutboxMessage, OutboxStatus } from '@store/contracts';
import { Alert } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { ApiError, errorMessage } from '../../lib/api.js';
import { cn } from '../../lib/cn.js';
import { formatDateTime } from '../../lib/format.js';
import { useIsMobile } from '../../lib/media-query.js';
import { usePageTitle } from '../../lib/page-title.js';
import { adminKeys, retryOutboxMessage, useAdminOutbox } from './admin-api.js';
import { AdminPage, AdminTable, cellClasses, EmptyNote, Loading, Th } from './admin-page.js';
import { LoadError } from '../../components/ui/load-error.js';

const FILTERS: { status: OutboxStatus | null; label: string }[] = [
  { status: null, label: 'All' },
  { status: 'pending', label: 'Pending' },
  { status: 'sent', label: 'Sent' },
  { status: 'failed', label: 'Failed' },
];

const BADGES: Record<OutboxStatus, { label: string; classes: string }> = {
  pending: { label: 'Pending', classes: 'bg-amber-100 text-amber-900' },
  sent: { label: 'Sent', classes: 'bg-green-100 text-green-800' },
  failed: { label: 'Failed', classes: 'bg-red-100 text-red-800' },
};

/** The status of the URL's `?status=`; anything else is all of them. */
const statusOf = (param: string | null) => FILTERS.find((f) => f.status === param)?.status ?? null;

/** A whole page number from the URL; anything else is page 1. */
function pageOf(param: string | null): number {
  const n = Number(param);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

function hrefOf(status: OutboxStatus | null, page: number): string {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return search ? `/admin/outbox?${search}` : '/admin/outbox';
}

const canRetry = (m: OutboxMessage) => m.status !== 'sent';

interface RetryFailure {
  /** The filter and page it happened on: moving elsewhere leaves it behind. */
  where: string;
  recipient: string;
  reason: string;
}

/** /admin/outbox?status=&page=: the store's email, newest first, 25 a page; a pending or failed one can go again. */
export function OutboxPage() {
  usePageTitle('Email outbox');
  const [params] = useSearchParams();
  const status = statusOf(params.get('status'));
  const page = pageOf(params.get('page'));
  const outbox = useAdminOutbox(status, page);
  const mobile = useIsMobile();
  const where = hrefOf(status, page);
  const [failure, setFailure] = useState<RetryFailure | null>(null);
  const shownFailure = failure?.where === where ? failure : null;
  const report = (recipient: string, reason: string | null) =>
    setFailure(reason === null ? null : { where, recipient, reason });
  const label = FILTERS.find((f) => f.status === status)!.label;

  return (
    <AdminPage title="Email outbox">
      <nav aria-label="Messages by status" className="flex w-fit flex-wrap gap-1 rounded-lg bg-neutral-100 p-1">
        {FILTERS.map((f) => (
          <Link
            key={f.label}
            to={hrefOf(f.status, 1)}
            aria-current={f.status === status ? 'page' : undefined}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium',
              f.status === status ? 'bg-white text-neutral-900 shadow-sm' : 'text-neutral-700 hover:text-neutral-900',
            )}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      {shownFailure ? (
        <Alert>
          <p className="font-medium">Could not retry the email to {shownFailure.recipient}.</p>
          <p>{shownFailure.reason}</p>
        </Alert>
      ) : null}
      {outbox.isPending ? (
        <Loading what="messages" />
      ) : outbox.isError ? (
        <LoadError what="the email outbox" load={outbox} />
      ) : outbox.data.messages.length === 0 ? (
        <EmptyNote>
          {outbox.data.total === 0
            ? status
              ? `No ${label.toLowerCase()} messages.`
              : 'No messages yet.'
            : 'No messages on this page.'}
        </EmptyNote>
      ) : (
        <>
          <p className="text-sm text-neutral-600">
            {outbox.data.total} {status ? `${label.toLowerCase()} ` : ''}
            {outbox.data.total === 1 ? 'message' : 'messages'}, newest first. Times are IST.
          </p>
          {mobile ? (
            <MessageCards messages={outbox.data.messages} onRetried={report} />
          ) : (
            <MessageTable messages={outbox.data.messages} onRetried={report} />
          )}
          <Pager status={status} page={outbox.data.page} pages={outbox.data.pages} />
        </>
      )}
    </AdminPage>
  );
}

type Retried = (recipient: string, failure: string | null) => void;

function MessageTable({ messages, onRetried }: { messages: OutboxMessage[]; onRetried: Retried }) {
  return (
    <AdminTable
      label="Email outbox"
      head={
        <>
          <Th>CREATED</Th>
          <Th>KIND</Th>
          <Th>RECIPIENT</Th>
          <Th>SUBJECT</Th>
          <Th>STATUS</Th>
          <Th>ATTEMPTS</Th>
          <Th>LAST ERROR</Th>
          <Th>SENT</Th>
        </>
      }
    >
      {messages.map((m) => (
        <tr key={m._id}>
          <td className={cn(cellClasses, 'min-w-32 whitespace-normal')}>{formatDateTime(m.createdAt)}</td>
          <td className={cn(cellClasses, 'font-mono text-xs')}>{m.kind}</td>
          <td className={cn(cellClasses, 'whitespace-normal')}>
            <Address email={m.recipient} />
          </td>
          <td className={cn(cellClasses, 'min-w-32 whitespace-normal')}>
            <Subject message={m} />
          </td>
          <td className={cn(cellClasses, 'min-w-32 whitespace-normal')}>
            <span className="flex flex-col items-start gap-1.5">
              <Status message={m} />
              {canRetry(m) ? <RetryButton message={m} onRetried={onRetried} /> : null}
            </span>
          </td>
          <td className={cn(cellClasses, 'tabular-nums')}>{m.attempts}</td>
          <td className={cn(cellClasses, 'max-w-64 min-w-36 whitespace-normal wrap-anywhere')}>{m.lastError ?? '—'}</td>
          <td className={cn(cellClasses, 'min-w-32 whitespace-normal')}>{m.sentAt ? formatDateTime(m.sentAt) : '—'}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** On a phone, a card per message: everything the table shows, with nothing to scroll sideways. */
function MessageCards({ messages, onRetried }: { messages: OutboxMessage[]; onRetried: Retried }) {
  return (
    <ul aria-label="Email outbox" className="flex flex-col gap-3">
      {messages.map((m) => (
        <li key={m._id} className="flex flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-4">
          <div className="flex items-start justify-between gap-3">
            <Status message={m} />
            <span className="font-mono text-xs text-neutral-700">{m.kind}</span>
          </div>
          <div className="min-w-0">
            <p className="font-medium break-words text-neutral-900">
              <Subject message={m} />
            </p>
            <p className="text-sm break-all text-neutral-700">{m.recipient}</p>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-neutral-600">Created</dt>
            <dd>{formatDateTime(m.createdAt)}</dd>
            <dt className="text-neutral-600">Attempts</dt>
            <dd className="tabular-nums">{m.attempts}</dd>
            <dt className="text-neutral-600">Sent</dt>
            <dd>{m.sentAt ? formatDateTime(m.sentAt) : '—'}</dd>
            {m.lastError ? (
              <>
                <dt className="text-neutral-600">Last error</dt>
                <dd className="min-w-0 wrap-anywhere">{m.lastError}</dd>
              </>
            ) : null}
          </dl>
          {canRetry(m) ? <RetryButton message={m} onRetried={onRetried} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** An address that may break before its '@' (and nowhere else), so the column can narrow. */
function Address({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

function Subject({ message }: { message: OutboxMessage }) {
  return message.subject ?? <span className="text-neutral-600 italic">Cannot be rendered</span>;
}

/** The status as a badge; a pending message also says when it is tried next. */
function Status({ message }: { message: OutboxMessage }) {
  const badge = BADGES[message.status];
  return (
    <span className="flex flex-col items-start gap-0.5">
      <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', badge.classes)}>{badge.label}</span>
      {message.status === 'pending' ? (
        <span className="text-xs text-neutral-600">next try {formatDateTime(message.nextAttemptAt)}</span>
      ) : null}
    </span>
  );
}

function RetryButton({ message, onRetried }: { message: OutboxMessage; onRetried: Retried }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function retry() {
    if (busy) return;
    setBusy(true);
    try {
      await retryOutboxMessage(message._id);
      onRetried(message.recipient, null);
      toast.success(`Sending the email to ${message.recipient} again`);
    } catch (err) {
      // apiFetch rejects with the server's own sentence; anything else means no answer came at all.
      onRetried(
        message.recipient,
        err instanceof ApiError
          ? errorMessage(err)
          : 'The store could not be reached. Check the connection and try again.',
      );
    } finally {
      setBusy(false);
      // Asked again either way: a refused retry usually means the message moved on (sent meanwhile).
      void queryClient.invalidateQueries({ queryKey: adminKeys.outbox });
    }
  }

  return (
    <Button variant="outline" size="sm" onClick={retry} disabled={busy} className="w-fit whitespace-nowrap">
      {busy ? (
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
      ) : (
        <RotateCw className="size-4" aria-hidden="true" />
      )}
      Retry now<span className="sr-only"> the email to {message.recipient}</span>
    </Button>
  );
}

/** Previous and next, only when there is more than one page; the status filter stays. */
function Pager({ status, page, pages }: { status: OutboxStatus | null; page: number; pages: number }) {
  if (pages <= 1) return null;
  const link = 'rounded-md border border-neutral-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-neutral-50';
  return (
    <nav aria-label="Pages of messages" className="flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link to={hrefOf(status, page - 1)} className={link}>
          Previous
        </Link>
      ) : null}
      <span className="text-sm text-neutral-700">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={hrefOf(status, page + 1)} className={link}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}
