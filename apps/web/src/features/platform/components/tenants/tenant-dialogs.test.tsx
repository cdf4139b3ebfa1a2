import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PasswordPolicy, PlatformTenant, UpdateTenantRequest } from '@loyalty/contract';
import { tenantWith, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { CreateTenantDialog } from './create-tenant-dialog';
import { DeleteTenantDialog } from './delete-tenant-dialog';
import { EditTenantDialog } from './edit-tenant-dialog';

const LIST = '/platform/tenants';
const session = { user: userOf('platform_admin'), tenant: null };

function platformTenant(overrides: Partial<PlatformTenant> = {}): PlatformTenant {
  const { paymentProvider: _provider, ...tenant } = tenantWith();
  return { ...tenant, owner: { email: 'owner@acme.test', firstName: 'Olive', lastName: 'Owner' }, customersCount: 12, ...overrides };
}

const ACME = platformTenant();
const ONE = `${LIST}/${ACME.id}`;

describe('Create New Tenant dialog', () => {
  function renderCreate() {
    server.use(http.get(api('/auth/password-policy'), () => HttpResponse.json<PasswordPolicy>({ minLength: 10 })));
    const sent = recordRequests();
    const onClose = vi.fn();
    const onCreated = vi.fn();
    const view = renderWithProviders(<CreateTenantDialog open onClose={onClose} onCreated={onCreated} />, { session });
    const dialog = screen.getByRole('dialog', { name: 'Create New Tenant' });
    const field = (label: RegExp) => within(dialog).getByLabelText(label);
    const createButton = () => within(dialog).getByRole('button', { name: /create tenant/i });
    return { ...view, sent, onClose, onCreated, dialog, field, createButton };
  }

  it('keeps Create disabled until name, slug, owner e-mail and password are filled', async () => {
    const { user, field, createButton } = renderCreate();
    expect(createButton()).toBeDisabled();
    await user.type(field(/^Business name/), 'Corner Coffee');
    await user.type(field(/^Owner email/), 'owner@corner.test');
    expect(createButton()).toBeDisabled();
    await user.type(field(/^Owner password/), 'x');
    expect(createButton()).toBeEnabled();
    await user.clear(field(/^Slug/));
    expect(createButton()).toBeDisabled();
  });

  it('shows the platform’s password minimum, and the password on request', async () => {
    const { user, dialog, field } = renderCreate();
    await waitFor(() => expect(field(/^Owner password/)).toHaveAccessibleDescription('At least 10 characters. Share it with the owner, who signs in with it.'));
    await user.type(field(/^Owner password/), 'secret');
    expect(field(/^Owner password/)).toHaveAttribute('type', 'password');
    await user.click(within(dialog).getByRole('button', { name: 'Show password' }));
    expect(field(/^Owner password/)).toHaveAttribute('type', 'text');
    await user.click(within(dialog).getByRole('button', { name: 'Hide password' }));
    expect(field(/^Owner password/)).toHaveAttribute('type', 'password');
  });

  it('cleans a typed slug, and stops following the name once the slug is the operator’s own', async () => {
    const { user, dialog, field } = renderCreate();
    await user.type(field(/^Business name/), 'Café Olé & Co.');
    expect(field(/^Slug/)).toHaveValue('cafe-ole-co');
    expect(within(dialog).getByText('/t/cafe-ole-co')).toBeInTheDocument();
    await user.clear(field(/^Slug/));
    await user.type(field(/^Slug/), 'My Shop_2!');
    expect(field(/^Slug/)).toHaveValue('myshop2');
    await user.type(field(/^Business name/), ' Ltd');
    expect(field(/^Slug/)).toHaveValue('myshop2');
  });

  it('refuses a password under the platform’s minimum and a bad slug, sending nothing', async () => {
    const { user, sent, field, createButton } = renderCreate();
    await waitFor(() => expect(field(/^Owner password/)).toHaveAccessibleDescription(/^At least 10 characters/));
    await user.type(field(/^Business name/), 'Corner Coffee');
    await user.clear(field(/^Slug/));
    await user.type(field(/^Slug/), 'ab');
    await user.type(field(/^Owner email/), 'owner@corner.test');
    await user.type(field(/^Owner password/), 'secret123');
    await user.click(createButton());
    await waitFor(() => expect(field(/^Owner password/)).toHaveAccessibleDescription(/^Password must be at least 10 characters long/));
    expect(field(/^Slug/)).toHaveAttribute('aria-invalid', 'true');
    expect(sent.to('POST', LIST)).toHaveLength(0);
  });

  it('sends the owner’s names too, and hands the new tenant over', async () => {
    const created = platformTenant({ id: 'new-id', name: 'Corner Coffee', slug: 'corner-coffee' });
    server.use(http.post(api(LIST), () => HttpResponse.json(created, { status: 201 })));
    const { user, sent, field, createButton, onCreated, onClose } = renderCreate();
    await user.type(field(/^Business name/), 'Corner Coffee');
    await user.type(field(/^Owner first name/), 'Cora');
    await user.type(field(/^Owner last name/), 'Corner');
    await user.type(field(/^Owner email/), 'cora@corner.test');
    await user.type(field(/^Owner password/), 'long-enough-1');
    await user.click(createButton());

    expect(await screen.findByText('Tenant created successfully')).toBeInTheDocument();
    expect(onCreated).toHaveBeenCalledWith(created);
    expect(onClose).toHaveBeenCalled();
    expect(sent.to('POST', LIST)[0].body).toMatchObject({ name: 'Corner Coffee', slug: 'corner-coffee', ownerFirstName: 'Cora', ownerLastName: 'Corner' });
  });

  it('puts a taken owner e-mail on its field, and shows the fixed text when the server gives no reason', async () => {
    server.use(
      http.post(api(LIST), () => HttpResponse.json({ error: 'A user with this email already exists', code: 'CONFLICT' }, { status: 409 }), { once: true }),
    );
    const { user, dialog, field, createButton, onClose } = renderCreate();
    await user.type(field(/^Business name/), 'Corner Coffee');
    await user.type(field(/^Owner email/), 'taken@corner.test');
    await user.type(field(/^Owner password/), 'long-enough-1');
    await user.click(createButton());
    await waitFor(() => expect(field(/^Owner email/)).toHaveAccessibleDescription('A user with this email already exists'));
    expect(onClose).not.toHaveBeenCalled();

    server.use(http.post(api(LIST), () => HttpResponse.json({}, { status: 500 })));
    await user.click(createButton());
    expect(await within(dialog).findByText('Failed to create tenant. Please try again.')).toBeInTheDocument();
  });
});

describe('Edit Tenant dialog', () => {
  function renderEdit(tenant: PlatformTenant = ACME) {
    const sent = recordRequests();
    const onClose = vi.fn();
    const view = renderWithProviders(<EditTenantDialog tenant={tenant} onClose={onClose} />, { session });
    const dialog = screen.getByRole('dialog', { name: 'Edit Tenant' });
    const name = within(dialog).getByLabelText(/^Business name/);
    const status = within(dialog).getByLabelText('Subscription status');
    const save = () => view.user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    return { ...view, sent, onClose, dialog, name, status, save };
  }

  it('shows the tenant’s slug and name, and offers the five statuses', () => {
    const { dialog, name, status } = renderEdit();
    expect(within(dialog).getByText('acme')).toBeInTheDocument();
    expect(name).toHaveValue('Acme Coffee');
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Active', 'Trial', 'Past Due', 'Canceled', 'None (no subscription)']);
  });

  it('saves the new name and status, says so and closes', async () => {
    server.use(http.put(api(ONE), () => HttpResponse.json(platformTenant({ name: 'Acme Roasters', subscriptionStatus: 'PAST_DUE' }))));
    const { user, sent, onClose, name, status, save } = renderEdit();
    await user.clear(name);
    await user.type(name, '  Acme Roasters ');
    await user.selectOptions(status, 'Past Due');
    await save();
    expect(await screen.findByText('Tenant updated successfully')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(sent.to('PUT', ONE)[0].body).toEqual({ name: 'Acme Roasters', subscriptionStatus: 'PAST_DUE' } satisfies UpdateTenantRequest);
  });

  it('asks for a name and sends nothing', async () => {
    const { user, sent, name, save, onClose } = renderEdit();
    await user.clear(name);
    await save();
    await waitFor(() => expect(name).toHaveAccessibleDescription('Name is required'));
    expect(sent.all).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('puts the server’s field message on the field, and keeps the dialog open', async () => {
    server.use(
      http.put(api(ONE), () =>
        HttpResponse.json(
          { error: 'Invalid request', code: 'VALIDATION_ERROR', details: [{ field: 'body.name', message: 'Name is too long' }] },
          { status: 400 },
        ),
      ),
    );
    const { user, dialog, name, status, save, onClose } = renderEdit();
    await user.selectOptions(status, 'Active');
    await save();
    await waitFor(() => expect(name).toHaveAccessibleDescription('Name is too long'));
    expect(within(dialog).getByText('Invalid request')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the fixed text when the server fails without a reason', async () => {
    server.use(http.put(api(ONE), () => HttpResponse.json({ error: 'Database down' }, { status: 503 })));
    const { user, dialog, status, save } = renderEdit();
    await user.selectOptions(status, 'Canceled');
    await save();
    expect(await within(dialog).findByText('Failed to update tenant. Please try again.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Database down')).not.toBeInTheDocument();
  });
});

describe('Delete Tenant dialog', () => {
  function renderDelete() {
    const sent = recordRequests();
    const onClose = vi.fn();
    const onDeleted = vi.fn();
    const view = renderWithProviders(<DeleteTenantDialog tenant={ACME} onClose={onClose} onDeleted={onDeleted} />, { session });
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Tenant' });
    const typed = within(dialog).getByRole('textbox', { name: 'Type acme to confirm' });
    return { ...view, sent, onClose, onDeleted, dialog, typed, confirm: within(dialog).getByRole('button', { name: 'Delete Tenant' }) };
  }

  it('says what is lost and that it cannot be undone', () => {
    const { dialog } = renderDelete();
    expect(dialog).toHaveTextContent(
      'This permanently deletes Acme Coffee and all its data: stores, staff and owner accounts, customers, cards, transactions and billing records. This action cannot be undone.',
    );
  });

  it('does not take another case of the slug, and sends nothing on Cancel', async () => {
    const { user, sent, dialog, typed, confirm, onClose } = renderDelete();
    await user.type(typed, 'ACME');
    expect(confirm).toBeDisabled();
    await user.type(typed, '{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(sent.all).toHaveLength(0);
  });

  it('deletes with Enter once the slug is typed, and hands the tenant over', async () => {
    server.use(http.delete(api(ONE), () => new HttpResponse(null, { status: 204 })));
    const { user, sent, typed, onDeleted, onClose } = renderDelete();
    await user.type(typed, 'acme{Enter}');
    expect(await screen.findByText('Tenant deleted successfully')).toBeInTheDocument();
    expect(onDeleted).toHaveBeenCalledWith(ACME);
    expect(onClose).toHaveBeenCalled();
    expect(sent.to('DELETE', ONE)[0].body).toEqual({ confirmSlug: 'acme' });
  });

  it('shows the fixed text when the server fails without a reason', async () => {
    server.use(http.delete(api(ONE), () => HttpResponse.json({ error: 'Internal error' }, { status: 500 })));
    const { user, dialog, typed, confirm, onClose } = renderDelete();
    await user.type(typed, 'acme');
    await user.click(confirm);
    expect(await within(dialog).findByText('Failed to delete tenant. Please try again.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
