import { screen, waitFor, within } from '@testing-library/react';
import type { OutboxItem, OutboxListResponse, OutboxMessage } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { userOf } from '@/test/fixtures';
import { json, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { OutboxPage } from './outbox-page';

const LIST = '/api/platform/outbox?page=1';

const RESET: OutboxItem = {
  id: 'msg-1',
  tenantName: null,
  kind: 'password_reset',
  to: 'ada@example.com',
  subject: 'Reset your password',
  status: 'FAILED',
  attempts: 3,
  lastError: '550 Mailbox unavailable',
  nextAttemptAt: null,
  sentAt: null,
  createdAt: '2026-03-02T10:00:00.000Z',
};
const WELCOME: OutboxItem = {
  ...RESET,
  id: 'msg-2',
  tenantName: 'Acme Coffee',
  kind: 'welcome',
  to: 'bob@example.com',
  subject: 'Welcome to Acme Coffee',
  status: 'SENT',
  attempts: 1,
  lastError: null,
  sentAt: '2026-03-01T09:00:01.000Z',
  createdAt: '2026-03-01T09:00:00.000Z',
};

const page = (messages: OutboxItem[]): OutboxListResponse => ({ messages, total: messages.length, page: 1, totalPages: messages.length > 0 ? 1 : 0 });

function renderPage() {
  return renderWithProviders(<OutboxPage />, {
    route: '/platform/outbox',
    path: '/platform/outbox',
    session: { user: userOf('platform_admin'), tenant: null },
  });
}

/** The cells of each body row of the outbox table, as text. */
async function rows() {
  const table = await screen.findByRole('table', { name: 'Outbox messages' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    );
}

describe('Outbox page', () => {
  it('lists the messages: recipient, subject, kind, business, status, attempts and last error', async () => {
    stubFetch().on('GET', LIST, json(200, page([RESET, WELCOME])));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Outbox' })).toBeInTheDocument();
    const [first, second] = await rows();
    // Recipient over business, subject over kind: two lines in one cell each.
    expect(first.slice(1)).toEqual(['ada@example.com—', 'Reset your passwordpassword_reset', 'Failed', '3', '550 Mailbox unavailable']);
    expect(second.slice(1)).toEqual(['bob@example.comAcme Coffee', 'Welcome to Acme Coffeewelcome', 'Sent', '1', '—']);
    expect(screen.getByText('2 messages')).toBeInTheDocument();
  });

  it('says so when there are no messages yet', async () => {
    stubFetch().on('GET', LIST, json(200, page([])));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeInTheDocument();
    expect(screen.getByText('Messages appear here as soon as the product writes them, even without an SMTP server.')).toBeVisible();
  });

  it('shows a failed load with Try again', async () => {
    stubFetch().on('GET', LIST, json(500, { error: 'Internal server error', code: 'INTERNAL' }), json(200, page([RESET])));
    const { user } = renderPage();
    expect(await screen.findByText('Failed to load the outbox')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await rows())[0]).toContain('Reset your passwordpassword_reset');
  });

  it('filters by status and by recipient, asking the server for them', async () => {
    const server = stubFetch()
      .on('GET', LIST, json(200, page([RESET, WELCOME])))
      .on('GET', '/api/platform/outbox?status=SENT&page=1', json(200, page([WELCOME])))
      .on('GET', '/api/platform/outbox?status=SENT&to=bob&page=1', json(200, page([WELCOME])))
      .on('GET', '/api/platform/outbox?status=FAILED&to=bob&page=1', json(200, page([])));
    const { user } = renderPage();
    expect(await rows()).toHaveLength(2);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Sent');
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect((await rows())[0]).toContain('Welcome to Acme Coffeewelcome');
    expect(server.requestsTo('GET', '/api/platform/outbox?status=SENT&page=1')).toHaveLength(1);

    await user.type(screen.getByRole('searchbox', { name: 'Search recipients' }), 'bob');
    await waitFor(() => expect(server.requestsTo('GET', '/api/platform/outbox?status=SENT&to=bob&page=1')).toHaveLength(1));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Failed');
    expect(await screen.findByRole('heading', { name: 'No messages match these filters' })).toBeInTheDocument();
  });

  it('opens a message with its bodies and attempts, and resends it', async () => {
    const detail: OutboxMessage = {
      ...RESET,
      text: 'Hello Ada,\n\nOpen this link to choose a new password.',
      html: '<p>Hello Ada,</p><p><a href="https://example.com/reset">Choose a new password</a></p>',
      attemptLog: [
        { at: '2026-03-02T10:00:01.000Z', ok: false, error: '421 Try again later', durationMs: 1200 },
        { at: '2026-03-02T10:05:01.000Z', ok: false, error: '550 Mailbox unavailable', durationMs: 85 },
      ],
    };
    const queued = { ...RESET, status: 'PENDING' as const, lastError: null };
    const server = stubFetch()
      .on('GET', LIST, json(200, page([RESET, WELCOME])), json(200, page([queued, WELCOME])))
      .on('GET', '/api/platform/outbox/msg-1', json(200, detail), json(200, { ...detail, ...queued }))
      .on('POST', '/api/platform/outbox/msg-1/resend', json(200, queued));
    const { user } = renderPage();
    const table = await screen.findByRole('table', { name: 'Outbox messages' });
    await user.click(within(table).getByRole('button', { name: 'Reset your password' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    expect(await within(dialog).findByText(/Open this link to choose a new password\./)).toBeVisible();
    const html = within(dialog).getByTitle('HTML version of “Reset your password”');
    expect(html.tagName).toBe('IFRAME');
    expect(html).toHaveAttribute('sandbox', '');
    expect(html).toHaveAttribute('srcdoc', detail.html);
    const attempts = within(within(dialog).getByRole('table', { name: 'Attempt log' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      attempts.map(
        (r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent)[2],
      ),
    ).toEqual(['421 Try again later', '550 Mailbox unavailable']);
    expect(within(attempts[0]).getByText('1,200 ms')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Message queued to be sent again')).toBeVisible();
    expect(server.requestsTo('POST', '/api/platform/outbox/msg-1/resend')).toHaveLength(1);
    expect(await within(dialog).findByText('Pending')).toBeVisible();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect((await rows())[0]).toContain('Pending');
    expect(server.requestsTo('GET', LIST)).toHaveLength(2);
  });
});
