import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExpiryRuleResponse } from '@loyalty/contract';
import { ACME, userOf } from '@/test/fixtures';
import { json, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { ExpiryRuleForm } from './expiry-rule-form';

const EXPIRY = '/api/t/acme/rules/expiry';

function renderForm(rule: ExpiryRuleResponse = { policy: 'NEVER', days: 365, updatedAt: null }) {
  const view = renderWithProviders(<ExpiryRuleForm slug="acme" rule={rule} />, { session: { user: userOf('tenant_admin'), tenant: ACME } });
  return { ...view, policy: screen.getByLabelText('Policy'), save: screen.getByRole('button', { name: 'Save Expiry Rule' }) };
}

describe('Expiry rule form', () => {
  it('hides the days under Never expire and shows the stored days for Expire N days after it is credited', async () => {
    stubFetch();
    const { user, policy } = renderForm();
    expect(policy).toHaveValue('NEVER');
    expect(screen.queryByLabelText('Expire after')).not.toBeInTheDocument();
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    expect(screen.getByText('A changed rule applies to cashback credited after the change; cashback already on cards keeps its date.')).toBeVisible();

    await user.selectOptions(policy, 'Expire N days after it is credited');
    expect(screen.getByLabelText('Expire after')).toHaveValue(365);
    await user.selectOptions(policy, 'Never expire');
    expect(screen.queryByLabelText('Expire after')).not.toBeInTheDocument();
  });

  it.each(['29', '1826', ''])("refuses %j days with 'Days must be between 30 and 1825' and sends nothing", async (typed) => {
    const server = stubFetch();
    const { user, save } = renderForm({ policy: 'AFTER_EARN', days: 180, updatedAt: '2026-01-01T00:00:00.000Z' });
    const days = screen.getByLabelText('Expire after');
    await user.clear(days);
    if (typed) await user.type(days, typed);
    await user.click(save);
    expect(await screen.findByText('Days must be between 30 and 1825')).toBeVisible();
    expect(days).toHaveAccessibleDescription('Days must be between 30 and 1825');
    expect(server.requests).toHaveLength(0);
  });

  it('sends the policy and the days, and confirms the save', async () => {
    const server = stubFetch().on('PUT', EXPIRY, json(200, { policy: 'AFTER_EARN', days: 90, updatedAt: '2026-02-01T00:00:00.000Z' }));
    const { user, policy, save } = renderForm();
    await user.selectOptions(policy, 'AFTER_EARN');
    await user.clear(screen.getByLabelText('Expire after'));
    await user.type(screen.getByLabelText('Expire after'), '90');
    await user.click(save);
    expect(await screen.findByText('Expiry rule saved successfully')).toBeInTheDocument();
    expect(server.requestsTo('PUT', EXPIRY)[0].body).toEqual({ policy: 'AFTER_EARN', days: 90 });
    expect(screen.getByLabelText('Expire after')).toHaveValue(90);
  });

  it('sends Never expire without the hidden days, so the stored days are kept', async () => {
    const server = stubFetch().on('PUT', EXPIRY, json(200, { policy: 'NEVER', days: 90, updatedAt: '2026-02-01T00:00:00.000Z' }));
    const { user, policy, save } = renderForm({ policy: 'AFTER_EARN', days: 90, updatedAt: '2026-01-01T00:00:00.000Z' });
    expect(policy).toHaveValue('AFTER_EARN');
    await user.clear(screen.getByLabelText('Expire after'));
    await user.type(screen.getByLabelText('Expire after'), '5');
    await user.selectOptions(policy, 'NEVER');
    await user.click(save);
    expect(await screen.findByText('Expiry rule saved successfully')).toBeInTheDocument();
    expect(server.requestsTo('PUT', EXPIRY)[0].body).toEqual({ policy: 'NEVER' });
  });

  it("shows the server's message when the save fails", async () => {
    stubFetch().on('PUT', EXPIRY, json(400, { error: 'Days must be between 30 and 1825', code: 'VALIDATION_ERROR' }));
    const { user, policy, save } = renderForm();
    await user.selectOptions(policy, 'AFTER_EARN');
    await user.click(save);
    expect(await screen.findByText('Days must be between 30 and 1825')).toBeInTheDocument();
    expect(screen.getByLabelText('Expire after')).not.toHaveAccessibleDescription('Days must be between 30 and 1825');
  });
});
