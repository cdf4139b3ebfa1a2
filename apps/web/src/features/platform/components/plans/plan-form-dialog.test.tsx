import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PlatformPlan } from '@loyalty/contract';
import { userOf } from '@/test/fixtures';
import { json, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { PlanFormDialog } from './plan-form-dialog';

const PLANS = '/api/platform/plans';

const plan: PlatformPlan = {
  id: 'p1',
  name: 'Professional',
  description: 'For growing shops',
  priceMonthly: 1999,
  billingPeriod: 'monthly',
  stripePriceId: null,
  features: ['Unlimited customers'],
  limits: { stores: 3, staff: -1, cards: 1000, transactions: -1 },
  isActive: true,
  sortOrder: 1,
  tenantsCount: 4,
};

function renderDialog(editing: PlatformPlan | null = null) {
  const onClose = vi.fn();
  const view = renderWithProviders(<PlanFormDialog open plan={editing} onClose={onClose} />, { session: { user: userOf('platform_admin'), tenant: null } });
  const dialog = screen.getByRole('dialog', { name: editing ? 'Edit Plan' : 'Add Plan' });
  const field = (label: string) => within(dialog).getByLabelText(label);
  return { ...view, onClose, dialog, field };
}

describe('Add Plan dialog', () => {
  it('sends the parsed plan: cents, −1 for empty or 0 limits, no empty features; then says so and closes', async () => {
    const server = stubFetch().on('POST', PLANS, json(201, plan));
    const { user, dialog, field, onClose } = renderDialog();

    await user.type(field('Plan name'), 'Starter');
    await user.type(field('Monthly price ($)'), '19.99');
    await user.type(field('Stores'), '2');
    await user.type(field('Cards'), '0');
    await user.type(field('Feature 1'), '  One store  ');
    await user.click(within(dialog).getByRole('button', { name: /add feature/i }));
    await user.click(within(dialog).getByRole('button', { name: /add feature/i }));
    await user.type(field('Feature 3'), 'Email support');
    await user.click(screen.getByRole('button', { name: 'Create Plan' }));

    expect(await screen.findByText('Plan created successfully!')).toBeInTheDocument();
    expect(server.requestsTo('POST', PLANS)[0].body).toEqual({
      name: 'Starter',
      description: '',
      priceMonthly: 1999,
      billingPeriod: 'monthly',
      stripePriceId: null,
      limits: { stores: 2, staff: -1, cards: -1, transactions: -1 },
      features: ['One store', 'Email support'],
      isActive: true,
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('makes an empty price free', async () => {
    const server = stubFetch().on('POST', PLANS, json(201, plan));
    const { user, field } = renderDialog();
    await user.type(field('Plan name'), 'Free');
    await user.click(screen.getByRole('button', { name: 'Create Plan' }));
    await screen.findByText('Plan created successfully!');
    expect(server.requests[0].body).toMatchObject({ priceMonthly: 0 });
  });

  it('asks for a name and refuses a too large price or limit, sending nothing', async () => {
    const server = stubFetch();
    const { user, field, onClose } = renderDialog();
    await user.type(field('Monthly price ($)'), '1000000.01');
    await user.type(field('Staff'), '1000000001');
    await user.click(screen.getByRole('button', { name: 'Create Plan' }));

    expect(await screen.findByText('Name is required')).toBeVisible();
    expect(field('Plan name')).toHaveAccessibleDescription('Name is required');
    expect(field('Monthly price ($)')).toHaveAccessibleDescription('Price is too large');
    expect(field('Staff')).toHaveAccessibleDescription('Limit is too large');
    expect(server.requests).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('always keeps one feature row', async () => {
    stubFetch();
    const { user, dialog } = renderDialog();
    expect(within(dialog).getByRole('button', { name: 'Remove feature 1' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: /add feature/i }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove feature 2' }));
    expect(within(dialog).queryByLabelText('Feature 2')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Remove feature 1' })).toBeDisabled();
  });

  it('puts the server’s field message under the field and keeps the dialog open', async () => {
    stubFetch().on(
      'POST',
      PLANS,
      json(409, {
        error: 'A plan with this name already exists',
        code: 'CONFLICT',
        details: [{ field: 'body.name', message: 'A plan with this name already exists' }],
      }),
    );
    const { user, field, onClose } = renderDialog();
    await user.type(field('Plan name'), 'Professional');
    await user.click(screen.getByRole('button', { name: 'Create Plan' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('A plan with this name already exists');
    expect(field('Plan name')).toHaveAccessibleDescription('A plan with this name already exists');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('falls back to the fixed text when the server gives no reason', async () => {
    stubFetch().on('POST', PLANS, json(500, {}));
    const { user, field } = renderDialog();
    await user.type(field('Plan name'), 'Starter');
    await user.click(screen.getByRole('button', { name: 'Create Plan' }));
    expect(await screen.findByText('Failed to create plan. Please try again.')).toBeInTheDocument();
  });
});

describe('Edit Plan dialog', () => {
  it('shows the plan (unlimited limits empty) and saves it back with the edited price', async () => {
    const server = stubFetch().on('PUT', '/api/platform/plans/p1', json(200, plan));
    const { user, field } = renderDialog(plan);
    expect(field('Plan name')).toHaveValue('Professional');
    expect(field('Monthly price ($)')).toHaveValue(19.99);
    expect(field('Stores')).toHaveValue(3);
    expect(field('Staff')).toHaveValue(null);
    expect(field('Staff')).toHaveAttribute('placeholder', 'Unlimited');

    await user.clear(field('Monthly price ($)'));
    await user.type(field('Monthly price ($)'), '24.5');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Plan updated successfully!')).toBeInTheDocument();
    expect(server.requests[0].body).toEqual({
      name: 'Professional',
      description: 'For growing shops',
      priceMonthly: 2450,
      billingPeriod: 'monthly',
      stripePriceId: null,
      limits: { stores: 3, staff: -1, cards: 1000, transactions: -1 },
      features: ['Unlimited customers'],
      isActive: true,
    });
  });
});
