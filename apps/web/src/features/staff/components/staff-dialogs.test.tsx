import { screen, waitFor, within } from '@testing-library/react';
import type { StaffListResponse, StaffUser, StoreItem, StoreListResponse } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { ACME, STORE_ID, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { StaffPage } from '../pages/staff-page';

const USERS = '/t/acme/users';
const OTHER_STORE = '66666666-6666-4666-8666-666666666666';

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
  lastLogin: null,
  createdAt: '2026-01-05T12:00:00.000Z',
};
/** A cashier with two-factor on (lost their phone). */
const CARL: StaffUser = { ...BOB, id: 'u-carl', email: 'carl@example.com', firstName: 'Carl', lastName: 'Gauss', twoFactorEnabled: true };
/** The signed-in admin, listed among the staff, working in all stores. */
const ME: StaffUser = {
  ...BOB,
  id: 'user-tenant_admin',
  email: 'tenant_admin@example.com',
  firstName: 'Sam',
  lastName: 'Acme',
  role: 'tenant_admin',
  storeId: null,
  store: null,
};

function store(overrides: Partial<StoreItem> = {}): StoreItem {
  return {
    id: STORE_ID,
    name: 'Main Street',
    address: null,
    active: true,
    selfEnrolment: true,
    selfEnrolmentDailyCap: 50,
    createdAt: '2026-01-05T12:00:00.000Z',
    _count: { users: 2, cards: 0, transactions: 0 },
    ...overrides,
  };
}
const STORES = [store(), store({ id: OTHER_STORE, name: 'Harbour' }), store({ id: '77777777-7777-4777-8777-777777777777', name: 'Old Town', active: false })];

/** The server: the staff list (`lists` answered in turn, the last one repeated), the stores, the password policy (minimum 10). */
function serve(...lists: StaffUser[][]) {
  const answers = lists.length > 0 ? lists : [[ME, BOB, CARL]];
  let call = 0;
  server.use(
    http.get(api(USERS), () => HttpResponse.json<StaffListResponse>({ users: answers[Math.min(call++, answers.length - 1)] })),
    http.get(api('/t/acme/stores'), () => HttpResponse.json<StoreListResponse>({ stores: STORES })),
    http.get(api('/auth/password-policy'), () => HttpResponse.json({ minLength: 10 })),
  );
  return recordRequests();
}

/** The Staff page of 'acme' for its admin. */
function renderPage() {
  return renderWithProviders(<StaffPage />, { route: '/t/acme/staff', path: '/t/:slug/staff', session: { user: userOf('tenant_admin'), tenant: ACME } });
}

/** Picks `name` in the Store field of `dialog` once the stores have loaded. */
async function pickStore(user: ReturnType<typeof renderPage>['user'], dialog: HTMLElement, name: string) {
  await within(dialog).findByRole('option', { name });
  await user.selectOptions(within(dialog).getByLabelText('Store'), name);
}

/** The table row holding `name`. */
async function rowOf(name: string) {
  const table = await screen.findByRole('table', { name: 'Staff members' });
  return within(table)
    .getAllByRole('row')
    .find((row) => within(row).queryByText(name) !== null) as HTMLElement;
}

describe('Staff page: the list', () => {
  it('shows each member’s role, store (or All stores), status, last login, and marks the signed-in admin', async () => {
    serve();
    renderPage();
    const me = await rowOf('Sam Acme');
    expect(within(me).getByText('(you)')).toBeInTheDocument();
    expect(within(me).getByText('Store Admin')).toBeInTheDocument();
    expect(within(me).getByText('All stores')).toBeInTheDocument();
    const bob = await rowOf('Bob Builder');
    expect(within(bob).getByText('Cashier')).toBeInTheDocument();
    expect(within(bob).getByText('Main Street')).toBeInTheDocument();
    expect(within(bob).getByText('Never')).toBeInTheDocument();
    expect(within(bob).queryByText('(you)')).not.toBeInTheDocument();
  });

  it('offers Reset two-factor only for a cashier who has it on', async () => {
    serve([ME, BOB, CARL, { ...ME, id: 'u-dee', firstName: 'Dee', lastName: 'Admin', twoFactorEnabled: true }]);
    renderPage();
    expect(within(await rowOf('Carl Gauss')).getByRole('button', { name: 'Reset two-factor for Carl Gauss' })).toBeInTheDocument();
    expect(within(await rowOf('Bob Builder')).queryByRole('button', { name: /two-factor/ })).not.toBeInTheDocument();
    expect(within(await rowOf('Dee Admin')).queryByRole('button', { name: /two-factor/ })).not.toBeInTheDocument();
  });

  it('says when there is no staff yet, and offers to add the first member', async () => {
    serve([]);
    const { user } = renderPage();
    expect(await screen.findByText('No staff members yet')).toBeInTheDocument();
    expect(screen.getByText('Add cashiers and store admins so they can sign in with their own accounts.')).toBeInTheDocument();
    const adds = screen.getAllByRole('button', { name: 'Add Staff Member' });
    expect(adds).toHaveLength(2);
    await user.click(adds[1]);
    expect(await screen.findByRole('dialog', { name: 'Add New Staff Member' })).toBeInTheDocument();
  });

  it('says the list cannot be loaded, and loads it again on Try again', async () => {
    let fail = true;
    serve();
    server.use(
      http.get(api(USERS), () =>
        fail ? HttpResponse.json({ error: 'Internal error' }, { status: 500 }) : HttpResponse.json<StaffListResponse>({ users: [BOB] }),
      ),
    );
    const { user } = renderPage();
    expect((await screen.findAllByText('Failed to load staff data. Please refresh the page.')).length).toBeGreaterThan(0);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rowOf('Bob Builder')).toBeInTheDocument();
  });
});

describe('Staff page: adding a member', () => {
  it('checks the fields before anything is sent', async () => {
    const sent = serve();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Staff Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Staff Member' });
    await within(dialog).findByRole('option', { name: 'Harbour' });
    // An inactive store is not offered to a new member.
    expect(within(dialog).queryByRole('option', { name: /Old Town/ })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.type(within(dialog).getByLabelText('Password'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Add Staff Member' }));

    expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(/valid email/i);
    expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription(/10 characters/);
    expect(within(dialog).getByLabelText('Store')).toHaveAccessibleDescription(/Select a store for this cashier/);
    expect(sent.to('POST', USERS)).toHaveLength(0);
  });

  it('lets a Store Admin work in all stores: the store is sent as null', async () => {
    const sent = serve();
    server.use(http.post(api(USERS), () => HttpResponse.json<StaffUser>({ ...ME, id: 'u-grace', email: 'grace@example.com' }, { status: 201 })));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Staff Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Staff Member' });
    await user.type(within(dialog).getByLabelText('First name'), 'Grace');
    await user.type(within(dialog).getByLabelText('Last name'), 'Hopper');
    await user.type(within(dialog).getByLabelText('Email'), 'grace@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'a-long-password');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Store Admin');
    expect(within(dialog).getByText('A Store Admin may work in all stores.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add Staff Member' }));

    expect(await screen.findByText('Staff member created successfully')).toBeInTheDocument();
    expect(sent.to('POST', USERS)[0].body).toMatchObject({ email: 'grace@example.com', role: 'tenant_admin', storeId: null });
  });

  it('puts a taken e-mail on the field and keeps the dialog open', async () => {
    const taken = 'A user with this email already exists';
    const sent = serve();
    server.use(http.post(api(USERS), () => HttpResponse.json({ error: taken, code: 'CONFLICT' }, { status: 409 })));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Staff Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Staff Member' });
    await user.type(within(dialog).getByLabelText('First name'), 'Bob');
    await user.type(within(dialog).getByLabelText('Last name'), 'Again');
    await user.type(within(dialog).getByLabelText('Email'), 'bob@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'a-long-password');
    await pickStore(user, dialog, 'Main Street');
    await user.click(within(dialog).getByRole('button', { name: 'Add Staff Member' }));

    await waitFor(() => expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(taken));
    expect(sent.to('POST', USERS)).toHaveLength(1);
    expect(dialog).toBeInTheDocument();
  });
});

describe('Staff page: editing a member', () => {
  it('shows the member’s details with the e-mail locked, and sends the changes (no e-mail, no password)', async () => {
    const sent = serve([ME, BOB], [ME, { ...BOB, firstName: 'Robert', storeId: OTHER_STORE, store: { name: 'Harbour' } }]);
    server.use(http.put(api(`${USERS}/u-bob`), () => HttpResponse.json<StaffUser>({ ...BOB, firstName: 'Robert' })));
    const { user } = renderPage();
    await user.click(within(await rowOf('Bob Builder')).getByRole('button', { name: 'Edit Bob Builder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staff Member' });
    expect(within(dialog).getByLabelText('First name')).toHaveValue('Bob');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('bob@example.com');
    expect(within(dialog).getByLabelText('Email')).toBeDisabled();
    expect(within(dialog).getByText('The email is the sign-in name and cannot be changed.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Active' })).toBeChecked();

    await user.clear(within(dialog).getByLabelText('First name'));
    await user.type(within(dialog).getByLabelText('First name'), 'Robert');
    await pickStore(user, dialog, 'Harbour');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Staff member updated successfully')).toBeInTheDocument();
    expect(sent.to('PUT', `${USERS}/u-bob`)[0].body).toEqual({ firstName: 'Robert', lastName: 'Builder', role: 'cashier', storeId: OTHER_STORE, active: true });
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await rowOf('Robert Builder')).toHaveTextContent('Harbour');
  });

  it('deactivates a member: they show as Inactive', async () => {
    const sent = serve([ME, BOB], [ME, { ...BOB, active: false }]);
    server.use(http.put(api(`${USERS}/u-bob`), () => HttpResponse.json<StaffUser>({ ...BOB, active: false })));
    const { user } = renderPage();
    await user.click(within(await rowOf('Bob Builder')).getByRole('button', { name: 'Edit Bob Builder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staff Member' });
    expect(within(dialog).getByText('An inactive staff member cannot sign in, and is signed out everywhere.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Active' }));
    await pickStore(user, dialog, 'Main Street');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Staff member updated successfully')).toBeInTheDocument();
    expect(sent.to('PUT', `${USERS}/u-bob`)[0].body).toMatchObject({ active: false });
    await waitFor(async () => expect(within(await rowOf('Bob Builder')).getByText('Inactive')).toBeInTheDocument());
  });

  it('locks one’s own role and active flag', async () => {
    serve();
    const { user } = renderPage();
    await user.click(within(await rowOf('Sam Acme')).getByRole('button', { name: 'Edit Sam Acme' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staff Member' });
    expect(within(dialog).getByLabelText('Role')).toBeDisabled();
    expect(within(dialog).getByText('You cannot change your own role.')).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Active' })).toBeDisabled();
    expect(within(dialog).getByText('You cannot deactivate your own account.')).toBeInTheDocument();
  });

  it('keeps a member’s deactivated store selectable, marked inactive', async () => {
    const OLD = '77777777-7777-4777-8777-777777777777';
    serve([ME, { ...BOB, storeId: OLD, store: { name: 'Old Town' } }]);
    const { user } = renderPage();
    await user.click(within(await rowOf('Bob Builder')).getByRole('button', { name: 'Edit Bob Builder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staff Member' });
    expect(await within(dialog).findByRole('option', { name: 'Old Town (inactive)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('option', { name: 'Old Town (inactive)' })).toHaveValue(OLD);
  });

  it('shows the server’s refusal and keeps the dialog open', async () => {
    serve([ME, BOB]);
    server.use(http.put(api(`${USERS}/u-bob`), () => HttpResponse.json({ error: 'Store not found', code: 'NOT_FOUND' }, { status: 404 })));
    const { user } = renderPage();
    await user.click(within(await rowOf('Bob Builder')).getByRole('button', { name: 'Edit Bob Builder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staff Member' });
    await pickStore(user, dialog, 'Harbour');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Store not found')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });
});

describe('Staff page: resetting a password', () => {
  async function openReset() {
    const sent = serve([ME, BOB]);
    const view = renderPage();
    await view.user.click(within(await rowOf('Bob Builder')).getByRole('button', { name: 'Reset password for Bob Builder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset password' });
    return { ...view, sent, dialog };
  }

  it('names the member, and refuses a short or mismatched password without sending it', async () => {
    const { user, sent, dialog } = await openReset();
    expect(dialog).toHaveTextContent('Set a new sign-in password for Bob Builder (bob@example.com).');
    expect(await within(dialog).findByText('At least 10 characters')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('New password'), 'short');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'other');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect(within(dialog).getByLabelText('New password')).toHaveAccessibleDescription(/10 characters/);

    await user.clear(within(dialog).getByLabelText('New password'));
    await user.type(within(dialog).getByLabelText('New password'), 'a-long-password');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect(within(dialog).getByLabelText('Confirm new password')).toHaveAccessibleDescription('Passwords do not match');
    expect(sent.to('PUT', `${USERS}/u-bob/password`)).toHaveLength(0);
  });

  it('sends the new password, says so and closes', async () => {
    const { user, sent, dialog } = await openReset();
    server.use(http.put(api(`${USERS}/u-bob/password`), () => new HttpResponse(null, { status: 204 })));
    await user.type(within(dialog).getByLabelText('New password'), 'a-long-password');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'a-long-password');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByText('Password reset successfully')).toBeInTheDocument();
    expect(sent.to('PUT', `${USERS}/u-bob/password`)[0].body).toEqual({ password: 'a-long-password' });
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('puts the server’s password rule on the field', async () => {
    const { user, dialog } = await openReset();
    server.use(
      http.put(api(`${USERS}/u-bob/password`), () =>
        HttpResponse.json(
          { error: 'Validation failed', code: 'VALIDATION', details: [{ field: 'password', message: 'This password is too common' }] },
          { status: 400 },
        ),
      ),
    );
    await user.type(within(dialog).getByLabelText('New password'), 'password1234');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'password1234');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(within(dialog).getByLabelText('New password')).toHaveAccessibleDescription(/This password is too common/));
  });
});

describe('Staff page: resetting two-factor', () => {
  const RESET = `${USERS}/u-carl/2fa/reset`;

  it('asks first, then turns it off and says so', async () => {
    const sent = serve([ME, CARL], [ME, { ...CARL, twoFactorEnabled: false }]);
    server.use(http.post(api(RESET), () => new HttpResponse(null, { status: 204 })));
    const { user } = renderPage();
    await user.click(within(await rowOf('Carl Gauss')).getByRole('button', { name: 'Reset two-factor for Carl Gauss' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reset two-factor' });
    expect(confirm).toHaveTextContent(
      'Turn off two-factor authentication for Carl Gauss (carl@example.com)? Their authenticator codes and recovery codes stop working, and they are told by e-mail.',
    );
    expect(sent.to('POST', RESET)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Reset two-factor' }));

    expect(await screen.findByText('Two-factor reset')).toBeInTheDocument();
    expect(sent.to('POST', RESET)).toHaveLength(1);
    await waitFor(async () => expect(within(await rowOf('Carl Gauss')).queryByRole('button', { name: /two-factor/ })).not.toBeInTheDocument());
  });

  it('sends nothing when cancelled, and shows a refusal inside the dialog', async () => {
    const refused = 'Two-factor authentication is not on for this account';
    const sent = serve([ME, CARL]);
    server.use(http.post(api(RESET), () => HttpResponse.json({ error: refused, code: 'CONFLICT' }, { status: 409 })));
    const { user } = renderPage();
    const button = within(await rowOf('Carl Gauss')).getByRole('button', { name: 'Reset two-factor for Carl Gauss' });
    await user.click(button);
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Reset two-factor' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent.to('POST', RESET)).toHaveLength(0);

    await user.click(button);
    const confirm = await screen.findByRole('alertdialog', { name: 'Reset two-factor' });
    await user.click(within(confirm).getByRole('button', { name: 'Reset two-factor' }));
    expect(await within(confirm).findByText(refused)).toBeInTheDocument();
  });
});
