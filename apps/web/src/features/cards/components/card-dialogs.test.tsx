import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WALLET_EMAIL_TEXT, type CardResponse, type StoreItem, type StoreListResponse, type WalletEmailResponse } from '@loyalty/contract';
import { saveBlob } from '@/lib/save-blob';
import { expectConsole } from '@/test/console';
import { ACME, cardWith, STORE_ID, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { AssignStoreDialog } from './assign-store-dialog';
import { CardDetailsDialog } from './card-details-dialog';
import { DownloadQrDialog } from './download-qr-dialog';

const BULK = '/t/acme/cards/qr/bulk-download';
const PRINT = '/t/acme/cards/qr/print-ready';
const HARBOUR_ID = '66666666-6666-4666-8666-666666666666';

/** A zip (or image) answer saved under `name`. */
const fileAnswer = (name: string, type = 'application/zip') =>
  new HttpResponse(new Blob(['data'], { type }), { headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"` } });

function store(overrides: Partial<StoreItem> = {}): StoreItem {
  return {
    id: STORE_ID,
    name: 'Main Street',
    address: '1 Market Square',
    active: true,
    selfEnrolment: false,
    selfEnrolmentDailyCap: 50,
    createdAt: '2026-01-01T00:00:00.000Z',
    _count: { users: 1, cards: 2, transactions: 0 },
    ...overrides,
  };
}

const session = (role: 'tenant_admin' | 'cashier' = 'tenant_admin') => ({ user: userOf(role), tenant: ACME });

describe('Download QR Codes', () => {
  function renderDialog(cardUids = ['ACME0001', 'ACME0002']) {
    const onClose = vi.fn();
    const view = renderWithProviders(<DownloadQrDialog slug="acme" cardUids={cardUids} open onClose={onClose} />, { session: session() });
    const dialog = screen.getByRole('dialog', { name: 'Download QR Codes' });
    const images = within(dialog).getByRole('form', { name: 'QR code images' });
    const sheets = within(dialog).getByRole('form', { name: 'Print-ready sheets' });
    return { ...view, onClose, dialog, images, sheets };
  }

  it('downloads the images with the defaults (PNG, 300 px, labels) as a zip, then closes', async () => {
    server.use(http.post(api(BULK), () => fileAnswer('qr-codes-acme.zip')));
    const sent = recordRequests();
    const { user, dialog, images, onClose } = renderDialog();
    expect(dialog).toHaveTextContent('2 cards selected');
    expect(within(images).getByLabelText('Format')).toHaveValue('png');
    expect(within(images).getByLabelText(/^Size \(pixels\)/)).toHaveValue(300);
    expect(within(images).getByRole('checkbox', { name: 'Include card UID labels' })).toBeChecked();
    await user.click(within(images).getByRole('button', { name: 'Download 2 QR Codes' }));

    expect(await screen.findByText('Downloaded 2 QR codes successfully')).toBeInTheDocument();
    expect(sent.to('POST', BULK)[0].body).toEqual({ cardUids: ['ACME0001', 'ACME0002'], format: 'png', size: 300, includeLabels: true });
    expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'qr-codes-acme.zip');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('sends the chosen format, size and labels', async () => {
    server.use(http.post(api(BULK), () => fileAnswer('qr.zip')));
    const sent = recordRequests();
    const { user, images } = renderDialog(['ACME0001']);
    await user.selectOptions(within(images).getByLabelText('Format'), 'SVG');
    const size = within(images).getByLabelText(/^Size \(pixels\)/);
    await user.clear(size);
    await user.type(size, '800');
    await user.click(within(images).getByRole('checkbox', { name: 'Include card UID labels' }));
    await user.click(within(images).getByRole('button', { name: 'Download 1 QR Code' }));
    await waitFor(() => expect(sent.to('POST', BULK)).toHaveLength(1));
    expect(sent.to('POST', BULK)[0].body).toEqual({ cardUids: ['ACME0001'], format: 'svg', size: 800, includeLabels: false });
  });

  it('refuses a size outside 100–2000 pixels and sends nothing', async () => {
    const sent = recordRequests();
    const { user, images, onClose } = renderDialog();
    const size = within(images).getByLabelText(/^Size \(pixels\)/);
    await user.clear(size);
    await user.type(size, '50');
    await user.click(within(images).getByRole('button', { name: 'Download 2 QR Codes' }));
    expect(size).toHaveAccessibleDescription(/Size must be 100 to 2000 pixels/);
    expect(sent.all).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('downloads print-ready sheets on the card template, 10 per page', async () => {
    server.use(http.post(api(PRINT), () => fileAnswer('print-ready-acme.zip')));
    const sent = recordRequests();
    const { user, sheets, onClose } = renderDialog();
    expect(within(sheets).getByLabelText('Cards per page')).toHaveValue(8);
    await user.selectOptions(within(sheets).getByLabelText('Print format'), 'Card template');
    await user.clear(within(sheets).getByLabelText('Cards per page'));
    await user.type(within(sheets).getByLabelText('Cards per page'), '10');
    await user.click(within(sheets).getByRole('button', { name: 'Download Print-Ready Sheets' }));

    expect(await screen.findByText('Downloaded print-ready sheets for 2 cards')).toBeInTheDocument();
    expect(sent.to('POST', PRINT)[0].body).toEqual({ cardUids: ['ACME0001', 'ACME0002'], printFormat: 'card-template', cardsPerPage: 10 });
    expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'print-ready-acme.zip');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('refuses more than 30 cards per page', async () => {
    const sent = recordRequests();
    const { user, sheets } = renderDialog();
    const perPage = within(sheets).getByLabelText('Cards per page');
    await user.clear(perPage);
    await user.type(perPage, '31');
    await user.click(within(sheets).getByRole('button', { name: 'Download Print-Ready Sheets' }));
    expect(perPage).toHaveAccessibleDescription(/Cards per page must be 1 to 30/);
    expect(sent.all).toHaveLength(0);
  });

  it('says when a download failed, and stays open', async () => {
    expectConsole('error', 'Failed to download print-ready QR codes: Card not found');
    server.use(http.post(api(PRINT), () => HttpResponse.json({ error: 'Card not found', code: 'NOT_FOUND' }, { status: 404 })));
    const { user, sheets, onClose } = renderDialog();
    await user.click(within(sheets).getByRole('button', { name: 'Download Print-Ready Sheets' }));
    expect(await screen.findByText('Failed to download print-ready QR codes')).toBeInTheDocument();
    expect(saveBlob).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('blocks both downloads when more than 1000 cards are selected', () => {
    const { dialog, images, sheets } = renderDialog(Array.from({ length: 1001 }, (_, i) => `ACME${String(i).padStart(4, '0')}`));
    expect(dialog).toHaveTextContent('At most 1000 cards at once. Please select fewer cards.');
    expect(within(images).getByRole('button', { name: 'Download 1001 QR Codes' })).toBeDisabled();
    expect(within(sheets).getByRole('button', { name: 'Download Print-Ready Sheets' })).toBeDisabled();
  });
});

describe('Card Details', () => {
  const STORES = [
    { id: STORE_ID, name: 'Main Street', address: '1 Market Square', active: true },
    { id: HARBOUR_ID, name: 'Harbour', address: null, active: false },
  ];

  function renderDialog(card: CardResponse, role: 'tenant_admin' | 'cashier' = 'tenant_admin') {
    const onClose = vi.fn();
    const view = renderWithProviders(<CardDetailsDialog slug="acme" card={card} stores={STORES} onClose={onClose} />, { session: session(role) });
    return { ...view, onClose, dialog: screen.getByRole('dialog', { name: 'Card Details' }) };
  }

  it('shows the card’s status, balance, store, dates, holder and the stores, its own marked Assigned', () => {
    const { dialog } = renderDialog(
      cardWith({ balanceCents: 12_345, customer: { ...cardWith().customer!, phone: '+1 555 0100', tier: 'GOLD', totalSpendCents: 98_700 } }),
    );
    expect(dialog).toHaveTextContent('ACME0001');
    expect(within(dialog).getByTestId('details-balance')).toHaveTextContent('$123.45');
    expect(within(dialog).getByText('Active')).toBeInTheDocument();
    expect(within(dialog).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(dialog).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('+1 555 0100')).toBeInTheDocument();
    expect(within(dialog).getByText('Gold')).toBeInTheDocument();
    expect(within(dialog).getByText('$987.00')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'QR code for card ACME0001' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open public card page' })).toHaveAttribute('href', 'http://localhost/acme/c/ACME0001?t=x');

    const main = within(dialog).getByText('1 Market Square').closest('li') as HTMLElement;
    expect(within(main).getByText('Assigned')).toBeInTheDocument();
    const harbour = within(dialog).getByText('Harbour').closest('li') as HTMLElement;
    expect(within(harbour).getByText('Inactive')).toBeInTheDocument();
    expect(within(harbour).queryByText('Assigned')).not.toBeInTheDocument();
  });

  it('says an unassigned card has no holder, no store and no activation, and offers no balance change', () => {
    const { dialog } = renderDialog(
      cardWith({ status: 'UNASSIGNED', customerId: null, customer: null, storeId: null, storeName: null, activatedAt: null, balanceCents: 0 }),
    );
    expect(within(dialog).getByText('Unassigned: no customer yet.')).toBeInTheDocument();
    expect(within(dialog).getByText('Not assigned')).toBeInTheDocument();
    expect(within(dialog).getByText('Not activated')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Adjust balance' })).not.toBeInTheDocument();
  });

  it('offers Adjust balance to an admin only, and opens it', async () => {
    const { user, dialog } = renderDialog(cardWith());
    await user.click(within(dialog).getByRole('button', { name: 'Adjust balance' }));
    expect(await screen.findByRole('dialog', { name: 'Adjust balance' })).toBeInTheDocument();
  });

  it("offers an active card's Apple Wallet pass and Google Wallet link where the install issues them, and not for a blocked card", async () => {
    server.use(
      http.get(api('/wallet'), () => HttpResponse.json({ apple: true, google: true })),
      http.get(api('/t/acme/cards/ACME0001/wallet/google'), () => HttpResponse.json({ saveUrl: 'https://pay.google.com/gp/v/save/eyJ.card.sig' })),
    );
    const { dialog, unmount } = renderDialog(cardWith(), 'cashier');
    expect(await within(dialog).findByRole('link', { name: 'Add to Apple Wallet' })).toHaveAttribute('href', '/api/t/acme/cards/ACME0001/wallet/apple');
    expect(await within(dialog).findByRole('link', { name: 'Save to Google Wallet' })).toHaveAttribute('href', 'https://pay.google.com/gp/v/save/eyJ.card.sig');
    unmount();
    const blocked = renderDialog(cardWith({ status: 'BLOCKED' }));
    expect(within(blocked.dialog).getByText('Blocked')).toBeInTheDocument();
    expect(within(blocked.dialog).queryByRole('link', { name: 'Add to Apple Wallet' })).not.toBeInTheDocument();
    expect(within(blocked.dialog).queryByRole('link', { name: 'Save to Google Wallet' })).not.toBeInTheDocument();
  });

  it('shows no Apple Wallet link where the install issues no passes', async () => {
    const sent = recordRequests();
    const { dialog } = renderDialog(cardWith());
    await waitFor(() => expect(sent.to('GET', '/wallet')).toHaveLength(1));
    expect(within(dialog).queryByRole('link', { name: 'Add to Apple Wallet' })).not.toBeInTheDocument();
  });

  const WALLET_EMAIL = '/t/acme/cards/ACME0001/wallet/email';

  it('e-mails the wallet links of an active card with a holder, and says where they went', async () => {
    server.use(http.post(api(WALLET_EMAIL), () => HttpResponse.json<WalletEmailResponse>({ sentTo: 'ada@example.com' }, { status: 202 })));
    const sent = recordRequests();
    const { user, dialog, onClose } = renderDialog(cardWith(), 'cashier');
    await user.click(within(dialog).getByRole('button', { name: 'E-mail wallet links' }));
    expect(await screen.findByText('Wallet links sent to ada@example.com')).toBeInTheDocument();
    expect(sent.to('POST', WALLET_EMAIL)).toHaveLength(1);
    expect(sent.to('POST', WALLET_EMAIL)[0].body).toBeUndefined();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('toasts the server’s refusal of the wallet links', async () => {
    server.use(http.post(api(WALLET_EMAIL), () => HttpResponse.json({ error: WALLET_EMAIL_TEXT.noEmail, code: 'BUSINESS_RULE' }, { status: 422 })));
    const { user, dialog } = renderDialog(cardWith({ customer: { ...cardWith().customer!, email: null } }));
    await user.click(within(dialog).getByRole('button', { name: 'E-mail wallet links' }));
    expect(await screen.findByText('The holder has no e-mail address')).toBeInTheDocument();
    expect(screen.queryByText(/Wallet links sent/)).not.toBeInTheDocument();
  });

  it('offers no wallet links e-mail for a card without a holder or a blocked card', () => {
    const unassigned = renderDialog(cardWith({ status: 'UNASSIGNED', customerId: null, customer: null, storeId: null, storeName: null, activatedAt: null }));
    expect(within(unassigned.dialog).queryByRole('button', { name: 'E-mail wallet links' })).not.toBeInTheDocument();
    unassigned.unmount();
    const blocked = renderDialog(cardWith({ status: 'BLOCKED' }));
    expect(within(blocked.dialog).queryByRole('button', { name: 'E-mail wallet links' })).not.toBeInTheDocument();
  });

  it('hides Adjust balance from a cashier', () => {
    const { dialog } = renderDialog(cardWith(), 'cashier');
    expect(within(dialog).queryByRole('button', { name: 'Adjust balance' })).not.toBeInTheDocument();
  });

  it('downloads the QR code in the chosen format at 300 px', async () => {
    server.use(http.get(api('/t/acme/cards/ACME0001/qr/download'), () => fileAnswer('card-ACME0001.jpg', 'image/jpeg')));
    const sent = recordRequests();
    const { user, dialog, onClose } = renderDialog(cardWith());
    await user.click(within(dialog).getByRole('button', { name: 'Download QR code as JPG' }));
    expect(await screen.findByText('QR code downloaded successfully')).toBeInTheDocument();
    expect(Object.fromEntries(sent.to('GET', '/t/acme/cards/ACME0001/qr/download')[0].query)).toEqual({ format: 'jpg', size: '300' });
    expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'card-ACME0001.jpg');
    expect(onClose).not.toHaveBeenCalled();
    // The footer's Close (the × in the header is named Close too).
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(onClose).toHaveBeenCalled();
  });
});

describe('Assign Store to Card', () => {
  const STORE_PATH = '/t/acme/cards/ACME0001/store';

  function renderDialog(card: CardResponse = cardWith()) {
    server.use(
      http.get(api('/t/acme/stores'), () =>
        HttpResponse.json<StoreListResponse>({
          stores: [store(), store({ id: HARBOUR_ID, name: 'Harbour' }), store({ id: 'closed', name: 'Old Town', active: false })],
        }),
      ),
    );
    const sent = recordRequests();
    const onClose = vi.fn();
    const view = renderWithProviders(<AssignStoreDialog slug="acme" card={card} onClose={onClose} />, { session: session() });
    return { ...view, sent, onClose, dialog: screen.getByRole('dialog', { name: 'Assign Store to Card' }) };
  }

  it('names the card, its holder and current store, and offers the active stores', async () => {
    const { dialog } = renderDialog();
    expect(dialog).toHaveTextContent('Card ACME0001 of Ada Lovelace. Balance and history stay with the customer.');
    expect(dialog).toHaveTextContent('Current store: Main Street');
    expect(await within(dialog).findByRole('option', { name: 'Harbour' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('option', { name: 'Old Town' })).not.toBeInTheDocument();
  });

  it('asks for a store when the card has none, and sends nothing', async () => {
    const { user, dialog, sent } = renderDialog(cardWith({ storeId: null, storeName: null }));
    expect(dialog).toHaveTextContent('Current store: None');
    await within(dialog).findByRole('option', { name: 'Harbour' });
    await user.click(within(dialog).getByRole('button', { name: 'Update Store' }));
    expect(within(dialog).getByLabelText('New store')).toHaveAccessibleDescription('Store is required');
    expect(sent.to('PUT', STORE_PATH)).toHaveLength(0);
  });

  it('moves the card to the chosen store, says so and closes', async () => {
    server.use(http.put(api(STORE_PATH), () => HttpResponse.json<CardResponse>(cardWith({ storeId: HARBOUR_ID, storeName: 'Harbour' }))));
    const { user, dialog, sent, onClose } = renderDialog();
    await within(dialog).findByRole('option', { name: 'Harbour' });
    await user.selectOptions(within(dialog).getByLabelText('New store'), 'Harbour');
    await user.click(within(dialog).getByRole('button', { name: 'Update Store' }));
    expect(await screen.findByText('Card store assignment updated successfully')).toBeInTheDocument();
    expect(sent.to('PUT', STORE_PATH)[0].body).toEqual({ storeId: HARBOUR_ID });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('toasts the server’s refusal and stays open', async () => {
    server.use(http.put(api(STORE_PATH), () => HttpResponse.json({ error: 'Store is inactive', code: 'BUSINESS_RULE' }, { status: 422 })));
    const { user, dialog, onClose } = renderDialog();
    await within(dialog).findByRole('option', { name: 'Harbour' });
    await user.selectOptions(within(dialog).getByLabelText('New store'), 'Harbour');
    await user.click(within(dialog).getByRole('button', { name: 'Update Store' }));
    expect(await screen.findByText('Store is inactive')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says when the stores cannot be loaded', async () => {
    server.use(http.get(api('/t/acme/stores'), () => HttpResponse.json({ error: 'Tenant not found', code: 'NOT_FOUND' }, { status: 404 })));
    renderWithProviders(<AssignStoreDialog slug="acme" card={cardWith()} onClose={vi.fn()} />, { session: session() });
    expect(await screen.findByText('Tenant not found')).toBeInTheDocument();
  });
});
