import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { toast } from 'sonner';
import type { OutboxList, OutboxMessage } from '@store/contracts';
import { setUserInfo } from '../../stores/user-store.js';
import { admin, renderRoutes, stubApi, uuid, Where, type Answers } from './admin-test-utils.js';
import { OutboxPage } from './outbox-page.js';

function message(n: number, overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  return {
    _id: uuid(n),
    kind: 'welcome',
    recipient: `shopper${n}@example.in`,
    subject: `Welcome to Phoolwala Gifts, Shopper ${n}`,
    status: 'pending',
    attempts: 0,
    lastError: null,
    // 10:00 UTC is 3:30 pm in India.
    nextAttemptAt: '2026-11-24T10:00:00.000Z',
    sentAt: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}

const page = (messages: OutboxMessage[], more: Partial<OutboxList> = {}): OutboxList => ({
  messages,
  page: 1,
  pages: 1,
  total: messages.length,
  ...more,
});

const failed = message(1, {
  kind: 'order_shipped',
  subject: null,
  status: 'failed',
  attempts: 14,
  lastError: "No email template for 'order_shipped'",
  createdAt: '2026-11-23T18:45:00.000Z',
  nextAttemptAt: '2026-11-24T18:40:00.000Z',
});
const waiting = message(2, {
  attempts: 2,
  lastError: '421 try again later',
  nextAttemptAt: '2026-11-24T10:05:00.000Z',
});
const sent = message(3, { status: 'sent', attempts: 1, sentAt: '2026-11-24T10:00:07.000Z' });

const ALL = 'GET /api/outbox?page=1';
const RETRY_FAILED = `POST /api/outbox/${failed._id}/retry`;

function open(path: string, answers: Answers) {
  const fetchMock = stubApi(answers);
  const rendered = renderRoutes(
    path,
    <Route
      path="/admin/outbox"
      element={
        <>
          <OutboxPage />
          <Where />
        </>
      }
    />,
  );
  return { ...rendered, fetchMock };
}

const where = () => screen.getByRole('status', { name: 'where' }).textContent;
const calls = (fetchMock: ReturnType<typeof stubApi>, key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === key).length;
const rowOf = (recipient: string) => {
  const row = within(screen.getByRole('region', { name: 'Email outbox' }))
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(recipient));
  if (!row) throw new Error(`no row for ${recipient}`);
  return row;
};
const cellsOf = (recipient: string) =>
  within(rowOf(recipient))
    .getAllByRole('cell')
    .map((c) => c.textContent);

beforeEach(() => {
  vi.spyOn(toast, 'success');
  act(() => setUserInfo(admin));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => setUserInfo(null));
});

describe('the email outbox', () => {
  it('lists a page of messages with IST times, and Retry now only on those that can go again', async () => {
    open('/admin/outbox', { [ALL]: [200, page([waiting, failed, sent])] });
    expect(screen.queryByRole('heading', { level: 1, name: 'Email outbox' })).not.toBeNull();
    expect(document.title).toBe('Email outbox | Phoolwala Gifts');
    const table = await screen.findByRole('region', { name: 'Email outbox' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['CREATED', 'KIND', 'RECIPIENT', 'SUBJECT', 'STATUS', 'ATTEMPTS', 'LAST ERROR', 'SENT']);
    expect(cellsOf(waiting.recipient)).toEqual([
      '24 Nov 2026, 3:30 pm',
      'welcome',
      waiting.recipient,
      'Welcome to Phoolwala Gifts, Shopper 2',
      `Pendingnext try 24 Nov 2026, 3:35 pmRetry now the email to ${waiting.recipient}`,
      '2',
      '421 try again later',
      '—',
    ]);
    expect(cellsOf(failed.recipient)).toEqual([
      '24 Nov 2026, 12:15 am',
      'order_shipped',
      failed.recipient,
      'Cannot be rendered',
      `FailedRetry now the email to ${failed.recipient}`,
      '14',
      "No email template for 'order_shipped'",
      '—',
    ]);
    expect(cellsOf(sent.recipient)).toEqual([
      '24 Nov 2026, 3:30 pm',
      'welcome',
      sent.recipient,
      'Welcome to Phoolwala Gifts, Shopper 3',
      'Sent',
      '1',
      '—',
      '24 Nov 2026, 3:30 pm',
    ]);
    expect(screen.getAllByRole('button', { name: /^Retry now/ })).toHaveLength(2);
    expect(screen.getByText('3 messages, newest first. Times are IST.')).not.toBeNull();
    const filters = screen.getByRole('navigation', { name: 'Messages by status' });
    expect(
      within(filters)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href'), l.getAttribute('aria-current')]),
    ).toEqual([
      ['All', '/admin/outbox', 'page'],
      ['Pending', '/admin/outbox?status=pending', null],
      ['Sent', '/admin/outbox?status=sent', null],
      ['Failed', '/admin/outbox?status=failed', null],
    ]);
    // One page: nothing to page through.
    expect(screen.queryByRole('navigation', { name: 'Pages of messages' })).toBeNull();
  });

  it('keeps the status filter in the URL and pages through it', async () => {
    const { user, fetchMock } = open('/admin/outbox?status=failed&page=2', {
      'GET /api/outbox?status=failed&page=2': [200, page([failed], { page: 2, pages: 3, total: 51 })],
      'GET /api/outbox?status=pending&page=1': [200, page([])],
      [ALL]: [200, page([sent])],
    });
    await screen.findByText('51 failed messages, newest first. Times are IST.');
    expect(screen.getByRole('link', { name: 'Failed' }).getAttribute('aria-current')).toBe('page');
    const pages = screen.getByRole('navigation', { name: 'Pages of messages' });
    expect(pages.textContent).toBe('PreviousPage 2 of 3Next');
    expect(within(pages).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe(
      '/admin/outbox?status=failed',
    );
    expect(within(pages).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      '/admin/outbox?status=failed&page=3',
    );

    await user.click(screen.getByRole('link', { name: 'Pending' }));
    expect(where()).toBe('/admin/outbox?status=pending');
    await screen.findByText('No pending messages.');
    expect(calls(fetchMock, 'GET /api/outbox?status=pending&page=1')).toBe(1);

    await user.click(screen.getByRole('link', { name: 'All' }));
    expect(where()).toBe('/admin/outbox');
    await waitFor(() => expect(cellsOf(sent.recipient)[4]).toBe('Sent'));
  });

  it('says when there is nothing to list', async () => {
    open('/admin/outbox', { [ALL]: [200, page([])] });
    await screen.findByText('No messages yet.');
  });

  it('Retry now asks the server to send the message again and shows the list as it is then', async () => {
    let lists = 0;
    const { user, fetchMock } = open('/admin/outbox', {
      [ALL]: () => [200, page([(lists += 1) === 1 ? failed : { ...failed, status: 'pending' }])],
      [RETRY_FAILED]: [200, { ...failed, status: 'pending' }],
    });
    await user.click(await screen.findByRole('button', { name: `Retry now the email to ${failed.recipient}` }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(`Sending the email to ${failed.recipient} again`));
    expect(calls(fetchMock, RETRY_FAILED)).toBe(1);
    await waitFor(() => expect(cellsOf(failed.recipient)[4]).toMatch(/^Pendingnext try/));
    expect(lists).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says in plain sentences why a retry failed, and shows the message as it is now', async () => {
    let lists = 0;
    const { user } = open('/admin/outbox', {
      [ALL]: () => [200, page([(lists += 1) === 1 ? failed : { ...failed, status: 'sent', sentAt: sent.sentAt }])],
      [RETRY_FAILED]: [409, { message: 'This message was already sent', code: 'CONFLICT' }],
    });
    await user.click(await screen.findByRole('button', { name: /^Retry now/ }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('paragraph')
        .map((p) => p.textContent),
    ).toEqual([`Could not retry the email to ${failed.recipient}.`, 'This message was already sent']);
    await waitFor(() => expect(cellsOf(failed.recipient)[4]).toBe('Sent'));
    expect(screen.queryByRole('button', { name: /^Retry now/ })).toBeNull();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('says so when the store cannot be reached for a retry', async () => {
    const { user } = open('/admin/outbox', {
      [ALL]: [200, page([failed])],
      [RETRY_FAILED]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await user.click(await screen.findByRole('button', { name: /^Retry now/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      `Could not retry the email to ${failed.recipient}.The store could not be reached. Check the connection and try again.`,
    );
  });

  it('asks again every few seconds while a message waits to go, so it turns Sent without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let lists = 0;
    open('/admin/outbox', {
      [ALL]: () => [200, page([(lists += 1) === 1 ? waiting : { ...waiting, status: 'sent', sentAt: sent.sentAt }])],
    });
    await waitFor(() => expect(cellsOf(waiting.recipient)[4]).toMatch(/^Pending/));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(cellsOf(waiting.recipient)[4]).toBe('Sent'));
    // Nothing waits any more: no more asking.
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(lists).toBe(2);
  });
});

describe('the email outbox on a phone (768px or less)', () => {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 768px)',
      addEventListener() {},
      removeEventListener() {},
    }));
  });

  it('shows a card per message, with nothing to scroll sideways, and Retry now on those that can go again', async () => {
    const { user, fetchMock } = open('/admin/outbox', {
      [ALL]: [200, page([failed, sent])],
      [RETRY_FAILED]: [200, { ...failed, status: 'pending' }],
    });
    const cards = within(await screen.findByRole('list', { name: 'Email outbox' })).getAllByRole('listitem');
    expect(screen.queryByRole('region', { name: 'Email outbox' })).toBeNull();
    expect(cards.map((c) => c.textContent)).toEqual([
      'Failedorder_shippedCannot be rendered' +
        `${failed.recipient}Created24 Nov 2026, 12:15 amAttempts14Sent—` +
        `Last errorNo email template for 'order_shipped'Retry now the email to ${failed.recipient}`,
      `SentwelcomeWelcome to Phoolwala Gifts, Shopper 3${sent.recipient}` +
        'Created24 Nov 2026, 3:30 pmAttempts1Sent24 Nov 2026, 3:30 pm',
    ]);
    await user.click(within(cards[0]!).getByRole('button', { name: /^Retry now/ }));
    await waitFor(() => expect(calls(fetchMock, RETRY_FAILED)).toBe(1));
  });
});
