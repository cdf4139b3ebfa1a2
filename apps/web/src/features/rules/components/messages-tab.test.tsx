import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACME, userOf } from '@/test/fixtures';
import { json, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { ReceiptsForm } from './messages-tab';

const RECEIPTS = '/api/t/acme/tenant/receipts';

describe('Receipts setting', () => {
  it('starts at the stored value, and a tick then Save sends { enabled: true }', async () => {
    const server = stubFetch().on('PUT', RECEIPTS, json(200, { slug: 'acme', receiptsEnabled: true }));
    const { user } = renderWithProviders(<ReceiptsForm slug="acme" enabled={false} />, { session: { user: userOf('tenant_admin'), tenant: ACME } });
    const box = screen.getByRole('checkbox', { name: 'Send e-mail receipts' });
    expect(box).not.toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save Messages' }));
    expect(await screen.findByText('Receipt setting saved successfully')).toBeInTheDocument();
    expect(server.requestsTo('PUT', RECEIPTS)[0].body).toEqual({ enabled: true });
    expect(box).toBeChecked();
  });

  it("shows the server's refusal and keeps the change", async () => {
    stubFetch().on('PUT', RECEIPTS, json(403, { error: 'Forbidden', code: 'FORBIDDEN' }));
    const { user } = renderWithProviders(<ReceiptsForm slug="acme" enabled />, { session: { user: userOf('tenant_admin'), tenant: ACME } });
    const box = screen.getByRole('checkbox', { name: 'Send e-mail receipts' });
    expect(box).toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save Messages' }));
    expect(await screen.findByText(/Forbidden|Failed to save receipt setting/)).toBeInTheDocument();
    expect(box).not.toBeChecked();
  });
});
