import { screen, waitFor, within } from '@testing-library/react';
import type { CreateWebhookEndpointResponse, WebhookDeliveryItem, WebhookEndpointItem } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { ACME, userOf } from '@/test/fixtures';
import { json, noContent, stubFetch, type FetchStub, type Reply } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { WEBHOOK_TEXTS } from '../lib/texts';
import { IntegrationsPage } from '../pages/integrations-page';

const ENDPOINTS = '/api/t/acme/webhook-endpoints';
const HOOK: WebhookEndpointItem = {
  id: 'e-till',
  url: 'https://till.example.com/hooks',
  description: 'Till system',
  events: ['transaction.created', 'card.activated'],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  createdAt: '2026-03-01T09:00:00.000Z',
};
/** Disabled by the server after 5 days of failures. */
const DEAD: WebhookEndpointItem = {
  ...HOOK,
  id: 'e-dead',
  url: 'https://old.example.com/hooks',
  description: null,
  events: ['customer.created'],
  enabled: false,
  disabledReason: 'Deliveries failed for 5 days',
  failingSince: '2026-02-20T09:00:00.000Z',
};
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

const delivery = (over: Partial<WebhookDeliveryItem>): WebhookDeliveryItem => ({
  id: 'd1',
  eventId: 'evt_1',
  eventType: 'transaction.created',
  status: 'succeeded',
  attempts: 1,
  responseStatus: 200,
  durationMs: 120,
  responseExcerpt: 'ok',
  createdAt: '2026-03-02T09:00:00.000Z',
  lastAttemptAt: '2026-03-02T09:00:01.000Z',
  nextAttemptAt: null,
  payload: { type: 'transaction.created', data: { amountCents: 1250 } },
  ...over,
});
const DELIVERED = delivery({});
const RETRYING = delivery({
  id: 'd2',
  eventId: 'evt_2',
  eventType: 'card.activated',
  status: 'pending',
  attempts: 2,
  responseStatus: 503,
  durationMs: 1534,
  responseExcerpt: 'Service Unavailable',
});
const FAILED = delivery({
  id: 'd3',
  eventId: 'evt_3',
  eventType: 'webhook.test',
  status: 'failed',
  attempts: 9,
  responseStatus: null,
  durationMs: null,
  responseExcerpt: 'Connection refused',
});

/** The pretend server: the endpoint list (answers in turn); the API keys tab's list, which loads first. */
function serverWith(...lists: Reply[]): FetchStub {
  return stubFetch()
    .on('GET', '/api/t/acme/api-keys', json(200, { keys: [] }))
    .on('GET', ENDPOINTS, ...(lists.length > 0 ? lists : [json(200, { endpoints: [HOOK, DEAD] })]));
}

/** The Integrations page of 'acme' for its admin, on the Webhooks tab. */
async function renderWebhooks() {
  const view = renderWithProviders(<IntegrationsPage />, {
    route: '/t/acme/integrations',
    path: '/t/:slug/integrations',
    session: { user: userOf('tenant_admin'), tenant: ACME },
  });
  await view.user.click(screen.getByRole('tab', { name: 'Webhooks' }));
  return view;
}
const card = (url: string) => screen.findByRole('article', { name: `Endpoint ${url}` });

describe('Integrations page: webhooks', () => {
  it('lists the endpoints: URL, description, events, Enabled / Disabled with the reason and the failing date', async () => {
    serverWith();
    await renderWebhooks();
    const hook = await card(HOOK.url);
    expect(within(hook).getByText('Till system')).toBeInTheDocument();
    expect(within(hook).getByText('Enabled')).toBeInTheDocument();
    expect(
      within(within(hook).getByRole('list', { name: 'Events' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['transaction.created', 'card.activated']);
    expect(within(hook).getByRole('button', { name: `Send test event to ${HOOK.url}` })).toBeEnabled();

    const dead = await card(DEAD.url);
    expect(within(dead).getByText('Disabled')).toBeInTheDocument();
    expect(within(dead).getByText('Deliveries failed for 5 days')).toBeInTheDocument();
    expect(within(dead).getByText(/^Failing since /)).toBeInTheDocument();
    expect(within(dead).getByRole('button', { name: `Send test event to ${DEAD.url}` })).toBeDisabled();
  });

  it("says 'No webhook endpoints yet' when there are none", async () => {
    serverWith(json(200, { endpoints: [] }));
    await renderWebhooks();
    expect(await screen.findByRole('heading', { name: 'No webhook endpoints yet' })).toBeInTheDocument();
  });

  it('adds an endpoint, then shows its signing secret once with the copy warning', async () => {
    const created: CreateWebhookEndpointResponse = {
      ...HOOK,
      id: 'e-new',
      url: 'https://shop.example.com/hooks',
      description: null,
      events: ['customer.created', 'cashback.expiring'],
      secret: SECRET,
    };
    const server = serverWith().on('POST', ENDPOINTS, json(201, created));
    const { user } = await renderWebhooks();
    await card(HOOK.url);
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Enabled' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('URL'), 'shop.example.com/hooks');
    await user.click(within(dialog).getByRole('checkbox', { name: /^cashback\.expiring — / }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^customer\.created — / }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Enter a full URL starting with https://')).toBeVisible();
    expect(server.requestsTo('POST', ENDPOINTS)).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('URL'));
    await user.type(within(dialog).getByLabelText('URL'), 'https://shop.example.com/hooks');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    const shown = await screen.findByRole('dialog', { name: 'Endpoint added' });
    expect(server.requestsTo('POST', ENDPOINTS)[0].body).toEqual({
      url: 'https://shop.example.com/hooks',
      description: null,
      events: ['customer.created', 'cashback.expiring'],
    });
    expect(within(shown).getByLabelText('Signing secret')).toHaveValue(SECRET);
    expect(within(shown).getByText("Copy this secret now. You won't be able to see it again.")).toBeVisible();
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  });

  it('puts a refused URL on the URL field', async () => {
    const refusal = json(400, {
      error: 'Validation failed',
      code: 'VALIDATION_ERROR',
      details: [{ field: 'body.url', message: 'This address is private and cannot receive webhooks' }],
    });
    serverWith().on('POST', ENDPOINTS, refusal);
    const { user } = await renderWebhooks();
    await card(HOOK.url);
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    await user.type(within(dialog).getByLabelText('URL'), 'https://10.0.0.5/hooks');
    await user.click(within(dialog).getByRole('checkbox', { name: /^transaction\.created — / }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(within(dialog).getByLabelText('URL')).toHaveAccessibleDescription('This address is private and cannot receive webhooks'));
  });

  it('edits an endpoint and re-enables it with the Enabled switch', async () => {
    const server = serverWith().on('PUT', `${ENDPOINTS}/e-dead`, json(200, { ...DEAD, enabled: true, disabledReason: null }));
    const { user } = await renderWebhooks();
    await user.click(within(await card(DEAD.url)).getByRole('button', { name: `Edit ${DEAD.url}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit endpoint' });
    expect(within(dialog).getByLabelText('URL')).toHaveValue(DEAD.url);
    expect(within(dialog).getByRole('checkbox', { name: /^customer\.created — / })).toBeChecked();
    const enabled = within(dialog).getByRole('checkbox', { name: 'Enabled' });
    expect(enabled).not.toBeChecked();
    await user.click(enabled);
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'Old till');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(WEBHOOK_TEXTS.updated)).toBeInTheDocument();
    expect(server.requestsTo('PUT', `${ENDPOINTS}/e-dead`)[0].body).toEqual({
      url: DEAD.url,
      description: 'Old till',
      events: ['customer.created'],
      enabled: true,
    });
  });

  it('sends a test event at once', async () => {
    const server = serverWith().on(
      'POST',
      `${ENDPOINTS}/e-till/test`,
      json(202, delivery({ id: 'd-test', eventType: 'webhook.test', status: 'pending', attempts: 0 })),
    );
    const { user } = await renderWebhooks();
    await user.click(within(await card(HOOK.url)).getByRole('button', { name: `Send test event to ${HOOK.url}` }));
    expect(await screen.findByText(WEBHOOK_TEXTS.testSent)).toBeInTheDocument();
    expect(server.requestsTo('POST', `${ENDPOINTS}/e-till/test`)).toHaveLength(1);
  });

  it('shows the delivery log: status, attempts, response and duration; Details opens the payload; Resend and Refresh', async () => {
    const LOG = `${ENDPOINTS}/e-till/deliveries`;
    const RESEND = `${ENDPOINTS}/deliveries/d3/resend`;
    const server = serverWith()
      .on('GET', LOG, json(200, { deliveries: [DELIVERED, RETRYING, FAILED] }))
      .on('POST', RESEND, json(202, { ...FAILED, status: 'pending', attempts: 0 }));
    const { user } = await renderWebhooks();
    await user.click(within(await card(HOOK.url)).getByRole('button', { name: `View deliveries of ${HOOK.url}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries' });
    const table = await within(dialog).findByRole('table', { name: 'Webhook deliveries' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 5)
        .map((c) => c.textContent);
    expect(rows.map(cells)).toEqual([
      ['transaction.created', 'Delivered', '1', '200', '120 ms'],
      ['card.activated', 'Retrying', '2', '503', '1,534 ms'],
      ['webhook.test', 'Failed', '9', '—', '—'],
    ]);

    const details = within(rows[0]).getByRole('button', { name: /^Details of transaction\.created/ });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).getByRole('region', { name: 'Payload' })).toHaveTextContent('"amountCents": 1250');
    expect(within(dialog).getByRole('region', { name: 'Response excerpt' })).toHaveTextContent('ok');
    await user.click(within(rows[2]).getByRole('button', { name: /^Details of webhook\.test/ }));
    expect(within(dialog).getByRole('region', { name: 'Response excerpt' })).toHaveTextContent('Connection refused');

    await user.click(within(rows[2]).getByRole('button', { name: /^Resend webhook\.test/ }));
    expect(await screen.findByText(WEBHOOK_TEXTS.resent)).toBeInTheDocument();
    expect(server.requestsTo('POST', RESEND)).toHaveLength(1);
    await waitFor(() => expect(server.requestsTo('GET', LOG)).toHaveLength(2));

    const refresh = within(dialog).getByRole('button', { name: 'Refresh' });
    await waitFor(() => expect(refresh).toBeEnabled());
    await user.click(refresh);
    await waitFor(() => expect(server.requestsTo('GET', LOG)).toHaveLength(3));
  });

  it("says 'No deliveries yet' for an endpoint without deliveries", async () => {
    serverWith().on('GET', `${ENDPOINTS}/e-dead/deliveries`, json(200, { deliveries: [] }));
    const { user } = await renderWebhooks();
    await user.click(within(await card(DEAD.url)).getByRole('button', { name: `View deliveries of ${DEAD.url}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries' });
    expect(await within(dialog).findByRole('heading', { name: 'No deliveries yet' })).toBeInTheDocument();
  });

  it('asks before deleting an endpoint and sends DELETE only after confirming', async () => {
    const server = serverWith(json(200, { endpoints: [HOOK, DEAD] }), json(200, { endpoints: [HOOK] })).on('DELETE', `${ENDPOINTS}/e-dead`, noContent());
    const { user } = await renderWebhooks();
    await user.click(within(await card(DEAD.url)).getByRole('button', { name: `Delete ${DEAD.url}` }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete endpoint' });
    expect(confirm).toHaveTextContent(`Delete the endpoint ${DEAD.url}? No more events are sent to it. This cannot be undone.`);
    expect(server.requestsTo('DELETE', `${ENDPOINTS}/e-dead`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete endpoint' }));
    expect(await screen.findByText(WEBHOOK_TEXTS.deleted)).toBeInTheDocument();
    expect(server.requestsTo('DELETE', `${ENDPOINTS}/e-dead`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('article', { name: `Endpoint ${DEAD.url}` })).not.toBeInTheDocument());
  });
});
