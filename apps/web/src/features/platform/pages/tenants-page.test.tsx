import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CreateTenantRequest, PasswordPolicy, PlatformTenant, TenantListResponse } from '@loyalty/contract';
import { tenantWith, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { TenantsPage } from './tenants-page';

const LIST = '/platform/tenants';

function platformTenant(overrides: Partial<PlatformTenant> = {}): PlatformTenant {
  const { paymentProvider: _provider, ...tenant } = tenantWith();
  return { ...tenant, owner: { email: 'owner@acme.test', firstName: 'Olive', lastName: 'Owner' }, customersCount: 12, ...overrides };
}

const ACME_TENANT = platformTenant();

/** The server: `tenants` whatever the query, with the platform's summary; passwords of at least 8 characters. */
function serve(tenants: PlatformTenant[] = [ACME_TENANT]) {
  server.use(
    http.get(api('/auth/password-policy'), () => HttpResponse.json<PasswordPolicy>({ minLength: 8 })),
    http.get(api(LIST), () =>
      HttpResponse.json<TenantListResponse>({
        tenants,
        total: tenants.length,
        pages: tenants.length > 0 ? 1 : 0,
        summary: { total: 7, active: 3, trialing: 2, pastDue: 1, canceled: 1, none: 0 },
      }),
    ),
  );
  return recordRequests();
}

function renderPage() {
  return renderWithProviders(<TenantsPage />, {
    route: '/platform/tenants',
    path: '/platform/tenants',
    session: { user: userOf('platform_admin'), tenant: null },
  });
}

const lastQuery = (sent: ReturnType<typeof recordRequests>) => Object.fromEntries(sent.to('GET', LIST).at(-1)?.query ?? []);

describe('Platform tenants: the list', () => {
  it('shows the businesses and sends the search and status chosen', async () => {
    const sent = serve();
    const { user } = renderPage();
    expect(await screen.findByText('7 businesses on the platform')).toBeInTheDocument();
    expect((await screen.findAllByText('Acme Coffee')).length).toBeGreaterThan(0);
    expect(lastQuery(sent)).toMatchObject({ page: '1', limit: '20' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'PAST_DUE');
    await waitFor(() => expect(lastQuery(sent)).toMatchObject({ status: 'PAST_DUE' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search tenants' }), 'owner@acme');
    await waitFor(() => expect(lastQuery(sent)).toMatchObject({ status: 'PAST_DUE', search: 'owner@acme' }));
  });

  it('says when nothing matches, and clears the filters', async () => {
    const sent = serve([]);
    const { user } = renderPage();
    expect(await screen.findByText('No tenants yet')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search tenants' }), 'zzz');
    expect(await screen.findByText('No tenants found matching your criteria')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastQuery(sent).search).toBeUndefined());
  });
});

describe('Platform tenants: creating a tenant', () => {
  async function openCreate() {
    const sent = serve();
    const view = renderPage();
    await screen.findByText('7 businesses on the platform');
    await view.user.click(screen.getAllByRole('button', { name: /create tenant/i })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Create New Tenant' });
    const field = (label: RegExp) => within(dialog).getByLabelText(label);
    const fill = async (values: { name: string; email: string; password: string }) => {
      await view.user.type(field(/^Business name/), values.name);
      await view.user.type(field(/^Owner email/), values.email);
      await view.user.type(field(/^Owner password/), values.password);
    };
    const submit = () => view.user.click(within(dialog).getByRole('button', { name: /create tenant/i }));
    return { ...view, sent, dialog, field, fill, submit };
  }

  it('suggests the slug from the name and explains a bad e-mail and a short password, sending nothing', async () => {
    const { sent, field, fill, submit } = await openCreate();
    await fill({ name: 'Bean There Café', email: 'not-an-email', password: '123' });
    expect(field(/^Slug/)).toHaveValue('bean-there-cafe');
    await submit();
    expect(field(/^Owner email/)).toHaveAccessibleDescription('Owner email is not valid');
    expect(field(/^Owner password/)).toHaveAccessibleDescription('Password must be at least 8 characters long');
    expect(sent.to('POST', LIST)).toHaveLength(0);
  });

  it('creates the tenant and its owner, and says so', async () => {
    server.use(http.post(api(LIST), () => HttpResponse.json(platformTenant({ id: 'new', name: 'Bean There', slug: 'bean-there' }), { status: 201 })));
    const { sent, fill, submit } = await openCreate();
    await fill({ name: 'Bean There', email: 'Owner@Bean.test', password: 'secret123' });
    await submit();
    expect(await screen.findByText('Tenant created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.to('POST', LIST)[0].body).toEqual({
      name: 'Bean There',
      slug: 'bean-there',
      ownerEmail: 'owner@bean.test',
      ownerPassword: 'secret123',
      ownerFirstName: '',
      ownerLastName: '',
    } satisfies CreateTenantRequest);
  });

  it('puts a taken slug on the slug field', async () => {
    server.use(
      http.post(api(LIST), () => HttpResponse.json({ error: 'Slug is already taken', code: 'CONFLICT', details: [{ field: 'body.slug' }] }, { status: 409 })),
    );
    const { dialog, field, fill, submit } = await openCreate();
    await fill({ name: 'Acme', email: 'owner@acme.test', password: 'secret123' });
    await submit();
    await waitFor(() => expect(field(/^Slug/)).toHaveAccessibleDescription('Slug is already taken'));
    expect(within(dialog).getAllByText('Slug is already taken').length).toBeGreaterThan(0);
  });
});

describe('Platform tenants: deleting a tenant', () => {
  const DELETE = `${LIST}/${ACME_TENANT.id}`;

  it('asks to type the slug before deleting, then deletes and says so', async () => {
    const sent = serve();
    server.use(http.delete(api(DELETE), () => new HttpResponse(null, { status: 204 })));
    const { user } = renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Delete Acme Coffee' }))[0]);
    const dialog = await screen.findByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete Tenant' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Type acme to confirm' }), 'acm');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Type acme to confirm' }), 'e');
    await user.click(confirm);
    expect(await screen.findByText('Tenant deleted successfully')).toBeInTheDocument();
    expect(sent.to('DELETE', DELETE)[0].body).toEqual({ confirmSlug: 'acme' });
  });

  it('keeps the server’s refusal in the dialog', async () => {
    serve();
    server.use(http.delete(api(DELETE), () => HttpResponse.json({ error: 'The tenant has an open card order' }, { status: 409 })));
    const { user } = renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Delete Acme Coffee' }))[0]);
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Type acme to confirm' }), 'acme');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Tenant' }));
    expect(await within(dialog).findByText('The tenant has an open card order')).toBeInTheDocument();
  });
});
