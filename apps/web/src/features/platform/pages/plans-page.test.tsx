import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlatformPlan, PlatformPlanListResponse } from '@loyalty/contract';
import { userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { PlansPage } from './plans-page';

const LIST = '/platform/plans';

function plan(overrides: Partial<PlatformPlan> = {}): PlatformPlan {
  return {
    id: 'plan-pro',
    name: 'Professional',
    description: 'For growing shops',
    priceMonthly: 1999,
    billingPeriod: 'monthly',
    stripePriceId: null,
    features: ['Unlimited customers', 'Email support'],
    limits: { stores: 3, staff: -1, cards: 1000, transactions: -1 },
    isActive: true,
    sortOrder: 1,
    tenantsCount: 4,
    ...overrides,
  };
}

const PRO = plan();
const LEGACY = plan({
  id: 'plan-legacy',
  name: 'Legacy Yearly',
  description: '',
  priceMonthly: 1000,
  billingPeriod: 'yearly',
  features: [],
  limits: { stores: 1, staff: 2, cards: 2500, transactions: 0 },
  isActive: false,
  sortOrder: 2,
  tenantsCount: 1,
});

/** The server: the plan list answers `plans`. */
function serve(plans: PlatformPlan[] = [PRO, LEGACY]) {
  server.use(http.get(api(LIST), () => HttpResponse.json<PlatformPlanListResponse>({ plans })));
  return recordRequests();
}

function renderPage() {
  return renderWithProviders(<PlansPage />, { session: { user: userOf('platform_admin'), tenant: null } });
}

const cardOf = (name: string) => screen.getAllByTestId('platform-plan').find((c) => c.getAttribute('data-plan') === name)!;

describe('Platform plans: the grid', () => {
  it('shows every plan with its price, period, features, limits and tenants', async () => {
    serve();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Professional' })).toBeInTheDocument();
    expect(screen.getByText('Subscription plans offered to tenants, their prices and limits.')).toBeInTheDocument();

    const pro = cardOf('Professional');
    expect(within(pro).getByText('Active')).toBeInTheDocument();
    expect(within(pro).getByTestId('plan-price')).toHaveTextContent('$19.99/month');
    expect(within(pro).getByText('For growing shops')).toBeInTheDocument();
    const features = within(pro).getByRole('list', { name: 'Features' });
    expect(
      within(features)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.trim()),
    ).toEqual(['Unlimited customers', 'Email support']);
    expect(within(pro).getByTestId('limit-stores')).toHaveTextContent('3');
    expect(within(pro).getByTestId('limit-staff')).toHaveTextContent('∞');
    expect(within(pro).getByTestId('limit-staff')).toHaveAttribute('title', 'Unlimited');
    expect(within(pro).getByTestId('limit-cards')).toHaveTextContent('1,000');
    expect(within(pro).getByTestId('plan-tenants')).toHaveTextContent('4 tenants on this plan');
  });

  it('shows a longer period’s total with its monthly price, an inactive badge and no features', async () => {
    serve();
    renderPage();
    await screen.findByRole('heading', { name: 'Legacy Yearly' });
    const legacy = cardOf('Legacy Yearly');
    expect(within(legacy).getByText('Inactive')).toBeInTheDocument();
    expect(within(legacy).getByTestId('plan-price')).toHaveTextContent('$120.00/year');
    expect(within(legacy).getByText('$10.00/month')).toBeInTheDocument();
    expect(within(legacy).getByText('No features listed')).toBeInTheDocument();
    expect(within(legacy).getByTestId('limit-transactions')).toHaveTextContent('∞');
    expect(within(legacy).getByTestId('limit-cards')).toHaveTextContent('2,500');
    expect(within(legacy).getByTestId('plan-tenants')).toHaveTextContent('1 tenant on this plan');
  });

  it('says when there are no plans yet, and offers Add Plan there', async () => {
    serve([]);
    const { user } = renderPage();
    expect(await screen.findByText('No plans yet')).toBeInTheDocument();
    expect(screen.getByText('Tenants cannot subscribe until a plan exists.')).toBeInTheDocument();
    const addButtons = screen.getAllByRole('button', { name: 'Add Plan' });
    expect(addButtons).toHaveLength(2);
    await user.click(addButtons[1]);
    expect(await screen.findByRole('dialog', { name: 'Add Plan' })).toBeInTheDocument();
  });

  it('shows the server’s reason when the plans cannot be loaded, and tries again', async () => {
    const sent = serve();
    server.use(http.get(api(LIST), () => HttpResponse.json({ error: 'Platform admin access required' }, { status: 403 }), { once: true }));
    const { user } = renderPage();
    expect(await screen.findByText('Failed to load plans')).toBeInTheDocument();
    expect(screen.getByText('Platform admin access required')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Professional' })).toBeInTheDocument();
    expect(sent.to('GET', LIST)).toHaveLength(2);
  });

  it('opens the edit form filled with the chosen plan', async () => {
    serve();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Legacy Yearly' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Plan' });
    expect(within(dialog).getByLabelText('Plan name')).toHaveValue('Legacy Yearly');
    expect(within(dialog).getByLabelText('Monthly price ($)')).toHaveValue(10);
    expect(within(dialog).getByText('Empty or invalid is $0. Shown per period (/year).')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });

  it('saves an edit, says so and shows the plan list fetched again', async () => {
    const sent = serve();
    server.use(http.put(api(`${LIST}/${PRO.id}`), () => HttpResponse.json<PlatformPlan>({ ...PRO, name: 'Pro Plus' })));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Professional' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Plan' });
    const name = within(dialog).getByLabelText('Plan name');
    await user.clear(name);
    await user.type(name, 'Pro Plus');
    serve([{ ...PRO, name: 'Pro Plus' }, LEGACY]);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Plan updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'Pro Plus' })).toBeInTheDocument();
    expect(sent.to('PUT', `${LIST}/${PRO.id}`)[0].body).toMatchObject({ name: 'Pro Plus', priceMonthly: 1999, billingPeriod: 'monthly' });
  });
});

describe('Platform plans: deleting a plan', () => {
  const DELETE = `${LIST}/${LEGACY.id}`;

  it('asks first, naming the plan and its tenants, and sends nothing on Cancel', async () => {
    const sent = serve();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Legacy Yearly' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Plan' });
    expect(within(dialog).getByText('Are you sure you want to delete the plan? This action cannot be undone.')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Plan: Legacy Yearly · 1 tenant on it');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent.all.filter((r) => r.method === 'DELETE')).toHaveLength(0);
  });

  it('deletes the plan after the confirmation and says so', async () => {
    const sent = serve();
    server.use(http.delete(api(DELETE), () => new HttpResponse(null, { status: 204 })));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Legacy Yearly' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Plan' });
    serve([PRO]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Plan deleted successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Legacy Yearly' })).not.toBeInTheDocument());
    expect(sent.to('DELETE', DELETE)).toHaveLength(1);
  });

  it('keeps the dialog open with the server’s refusal of a plan in use', async () => {
    serve();
    const refusal = 'This plan is used by 4 tenant(s) and cannot be deleted';
    server.use(http.delete(api(`${LIST}/${PRO.id}`), () => HttpResponse.json({ error: refusal, code: 'CONFLICT' }, { status: 409 })));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Professional' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Plan' });
    expect(dialog).toHaveTextContent('Plan: Professional · 4 tenants on it');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: 'Delete Plan' })).toBeInTheDocument();
  });

  it('falls back to the fixed text when the server gives no reason', async () => {
    serve();
    server.use(http.delete(api(DELETE), () => HttpResponse.json({}, { status: 500 })));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Legacy Yearly' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Plan' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Failed to delete plan. Please try again.')).toBeInTheDocument();
  });
});
