import { screen, waitFor, within } from '@testing-library/react';
import type { MyErasureRequest } from '@loyalty/contract';
import { describe, expect, it, vi } from 'vitest';
import { saveBlob } from '@/lib/save-blob';
import { ACME, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { MyDataCard } from './my-data-card';

// The browser's file download (an object URL and a clicked link) is the boundary here.

const EXPORT = '/t/acme/me/export';
const ERASURE = '/t/acme/me/erasure-request';
const NOT_ASKED: MyErasureRequest = { requestedAt: null, dueAt: null };

/** The server: the erasure request as given and, when given, the export's answer. */
function serve({ erasure = NOT_ASKED, exported }: { erasure?: MyErasureRequest; exported?: () => Response } = {}) {
  server.use(http.get(api(ERASURE), () => HttpResponse.json(erasure)));
  if (exported) server.use(http.get(api(EXPORT), exported));
  return recordRequests();
}

function renderCard() {
  return renderWithProviders(<MyDataCard slug="acme" />, { session: { user: userOf('customer'), tenant: ACME } });
}

const zip = (headers: Record<string, string> = {}) =>
  new HttpResponse(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), { headers: { 'Content-Type': 'application/zip', ...headers } });

describe('Your data: download', () => {
  it('explains what the download holds and saves the zip under the server’s name', async () => {
    const sent = serve({ exported: () => zip({ 'Content-Disposition': 'attachment; filename="acme-ada-lovelace-data.zip"' }) });
    const { user } = renderCard();
    expect(screen.getByText('Your data')).toBeVisible();
    expect(screen.getByText('Download everything we store about you: your profile, cards, transactions and the e-mails we sent you.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    const [blob, name] = vi.mocked(saveBlob).mock.calls[0];
    expect(name).toBe('acme-ada-lovelace-data.zip');
    expect(blob.size).toBe(4);
    expect(sent.to('GET', EXPORT)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  it('names the file my-data.zip when the server gives no name', async () => {
    serve({ exported: () => zip() });
    const { user } = renderCard();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveBlob).mock.calls[0][1]).toBe('my-data.zip');
  });

  it('says the download failed, and saves nothing', async () => {
    serve({ exported: () => HttpResponse.json({ error: 'Customer profile not found', code: 'NOT_FOUND' }, { status: 404 }) });
    const { user } = renderCard();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Failed to download your data. Please try again.')).toBeVisible();
    expect(saveBlob).not.toHaveBeenCalled();
  });
});

describe('Your data: erasure', () => {
  it('shows the due date instead of the button when the customer already asked', async () => {
    serve({ erasure: { requestedAt: '2026-11-28T12:00:00.000Z', dueAt: '2026-12-28T12:00:00.000Z' } });
    renderCard();
    expect(await screen.findByText('You asked to erase your data. It will be erased by Dec 28, 2026 at the latest.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Ask to erase my data' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  it('keeps the erase button disabled until it knows whether the customer already asked', async () => {
    serve();
    renderCard();
    expect(screen.getByRole('button', { name: 'Ask to erase my data' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ask to erase my data' })).toBeEnabled());
  });

  it('forgets a refused request’s reason when the dialog is closed and opened again', async () => {
    const sent = serve();
    server.use(http.post(api(ERASURE), () => HttpResponse.json({ error: 'An erasure request is already open', code: 'CONFLICT' }, { status: 409 })));
    const { user } = renderCard();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ask to erase my data' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Ask to erase my data' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Erase my data' });
    await user.click(within(dialog).getByRole('button', { name: 'Ask to erase my data' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An erasure request is already open');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Ask to erase my data' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Erase my data' });
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(sent.to('POST', ERASURE)).toHaveLength(1);
  });
});
