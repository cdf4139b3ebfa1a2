import { screen, waitFor, within } from '@testing-library/react';
import type { StaffUser, StoreItem } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { ACME, STORE_ID, userOf } from '@/test/fixtures';
import { json, noContent, stubFetch, type FetchStub, type Reply } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { StaffPage } from './staff-page';

const USERS = '/api/t/acme/users';
const ADA_INVITATION = '/api/t/acme/users/u-ada/invitation';

const BOB: StaffUser = {
  id: 'u-bob',
  email: 'bob@example.com',
  firstName: 'Bob',
  lastName: 'Builder',
  role: 'cashier',
  storeId: STORE_ID,
  store: { name: 'Main Street' },
  active: true,
  invited: false,
  twoFactorEnabled: false,
  lastLogin: '2026-03-01T09:00:00.000Z',
  createdAt: '2026-01-05T12:00:00.000Z',
};
/** Invited, has not chosen a password yet. */
const ADA: StaffUser = { ...BOB, id: 'u-ada', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', invited: true, lastLogin: null };
const STORE: StoreItem = {
  id: STORE_ID,
  name: 'Main Street',
  address: null,
  active: true,
  selfEnrolment: true,
  selfEnrolmentDailyCap: 50,
  createdAt: '2026-01-05T12:00:00.000Z',
  _count: { users: 2, cards: 0, transactions: 0 },
};

/** The pretend server: the staff list (answers in turn), the stores and the password policy (minimum 10). */
function serverWith(...lists: Reply[]): FetchStub {
  return stubFetch()
    .on('GET', USERS, ...(lists.length > 0 ? lists : [json(200, { users: [ADA, BOB] })]))
    .on('GET', '/api/t/acme/stores', json(200, { stores: [STORE] }))
    .on('GET', '/api/auth/password-policy', json(200, { minLength: 10 }));
}

/** The Staff page of 'acme' for its admin, once the table shows. */
async function renderPage() {
  const view = renderWithProviders(<StaffPage />, { route: '/t/acme/staff', path: '/t/:slug/staff', session: { user: userOf('tenant_admin'), tenant: ACME } });
  const table = await screen.findByRole('table', { name: 'Staff members' });
  const rowOf = (name: string) =>
    within(table)
      .getAllByRole('row')
      .find((row) => within(row).queryByText(name) !== null) as HTMLElement;
  return { ...view, table, rowOf };
}

/** Opens 'Add New Staff Member' and fills the name, e-mail and store of Grace. */
async function fillNewMember(user: Awaited<ReturnType<typeof renderPage>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Add Staff Member' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add New Staff Member' });
  await user.type(within(dialog).getByLabelText('First name'), 'Grace');
  await user.type(within(dialog).getByLabelText('Last name'), 'Hopper');
  await user.type(within(dialog).getByLabelText('Email'), 'Grace@Example.com');
  await within(dialog).findByRole('option', { name: 'Main Street' });
  await user.selectOptions(within(dialog).getByLabelText('Store'), 'Main Street');
  return dialog;
}

describe('Staff page: invitations', () => {
  it('creates a member with an invitation: no password asked or sent, invite: true, and says so', async () => {
    const server = serverWith(json(200, { users: [ADA, BOB] })).on(
      'POST',
      USERS,
      json(201, { ...ADA, id: 'u-grace', email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' }),
    );
    const { user } = await renderPage();
    const dialog = await fillNewMember(user);
    expect(within(dialog).getByLabelText('Password')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Send an invitation instead' }));
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add Staff Member' }));

    expect(await screen.findByText('Invitation sent to grace@example.com')).toBeVisible();
    const body = server.requestsTo('POST', USERS)[0].body;
    expect(body).toEqual({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', role: 'cashier', storeId: STORE_ID, invite: true });
    expect(body).not.toHaveProperty('password');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(server.requestsTo('GET', USERS)).toHaveLength(2));
  });

  it('still asks for a password, and sends it, when the invitation is not chosen', async () => {
    const server = serverWith().on('POST', USERS, json(201, { ...BOB, id: 'u-grace', email: 'grace@example.com' }));
    const { user } = await renderPage();
    const dialog = await fillNewMember(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add Staff Member' }));
    expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(server.requestsTo('POST', USERS)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Password'), 'a-long-password');
    await user.click(within(dialog).getByRole('button', { name: 'Add Staff Member' }));
    expect(await screen.findByText('Staff member created successfully')).toBeVisible();
    expect(server.requestsTo('POST', USERS)[0].body).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      password: 'a-long-password',
      role: 'cashier',
      storeId: STORE_ID,
    });
  });

  it('shows an invited member as Invited, with Resend and Revoke instead of the password change', async () => {
    serverWith();
    const { rowOf } = await renderPage();
    const ada = rowOf('Ada Lovelace');
    expect(within(ada).getByText('Invited')).toBeVisible();
    expect(within(ada).queryByText('Active')).not.toBeInTheDocument();
    expect(within(ada).getByRole('button', { name: 'Resend invitation to Ada Lovelace' })).toBeVisible();
    expect(within(ada).getByRole('button', { name: 'Revoke invitation for Ada Lovelace' })).toBeVisible();
    expect(within(ada).queryByRole('button', { name: /reset password/i })).not.toBeInTheDocument();

    const bob = rowOf('Bob Builder');
    expect(within(bob).getByText('Active')).toBeVisible();
    expect(within(bob).getByRole('button', { name: 'Reset password for Bob Builder' })).toBeVisible();
    expect(within(bob).queryByRole('button', { name: /invitation/i })).not.toBeInTheDocument();
  });

  it('resends an invitation and refreshes the list', async () => {
    const server = serverWith().on('POST', ADA_INVITATION, noContent());
    const { user, rowOf } = await renderPage();
    await user.click(within(rowOf('Ada Lovelace')).getByRole('button', { name: 'Resend invitation to Ada Lovelace' }));

    expect(await screen.findByText('Invitation sent again to ada@example.com')).toBeVisible();
    expect(server.requestsTo('POST', ADA_INVITATION)).toHaveLength(1);
    await waitFor(() => expect(server.requestsTo('GET', USERS)).toHaveLength(2));
  });

  it('revokes an invitation only once confirmed, then the member leaves the list', async () => {
    const server = serverWith(json(200, { users: [ADA, BOB] }), json(200, { users: [BOB] })).on('DELETE', ADA_INVITATION, noContent());
    const { user, table, rowOf } = await renderPage();
    await user.click(within(rowOf('Ada Lovelace')).getByRole('button', { name: 'Revoke invitation for Ada Lovelace' }));

    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke invitation' });
    expect(confirm).toHaveTextContent(
      'Revoke the invitation of Ada Lovelace (ada@example.com)? The link they were sent stops working and their pending account is removed.',
    );
    expect(server.requestsTo('DELETE', ADA_INVITATION)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke invitation' }));

    expect(await screen.findByText('Invitation revoked')).toBeVisible();
    expect(server.requestsTo('DELETE', ADA_INVITATION)).toHaveLength(1);
    await waitFor(() => expect(within(table).queryByText('Ada Lovelace')).not.toBeInTheDocument());
    expect(confirm).not.toBeInTheDocument();
  });

  it('sends nothing when the revocation is cancelled, and says why the server refused one', async () => {
    const refused = 'This staff member has already accepted the invitation';
    const server = serverWith().on('DELETE', ADA_INVITATION, json(422, { error: refused, code: 'BUSINESS_RULE' }));
    const { user, rowOf } = await renderPage();
    const revoke = within(rowOf('Ada Lovelace')).getByRole('button', { name: 'Revoke invitation for Ada Lovelace' });
    await user.click(revoke);
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Revoke invitation' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(server.requestsTo('DELETE', ADA_INVITATION)).toHaveLength(0);

    await user.click(revoke);
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke invitation' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke invitation' }));
    expect(await within(confirm).findByText(refused)).toBeVisible();
    expect(server.requestsTo('DELETE', ADA_INVITATION)).toHaveLength(1);
  });
});
