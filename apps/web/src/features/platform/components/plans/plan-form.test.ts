import { describe, expect, it } from 'vitest';
import type { PlatformPlan } from '@loyalty/contract';
import { limitLabel, parseLimit, parsePriceCents, PlanFormSchema, planToForm, priceLabel, toPlanInput, type PlanFormValues } from './plan-form';

const plan: PlatformPlan = {
  id: 'p1',
  name: 'Professional',
  description: 'For growing shops',
  priceMonthly: 1999,
  billingPeriod: '3months',
  stripePriceId: 'price_123',
  features: ['Unlimited customers', 'Priority support'],
  limits: { stores: 3, staff: -1, cards: 1000, transactions: -1 },
  isActive: true,
  sortOrder: 1,
  tenantsCount: 4,
};

function values(overrides: Partial<PlanFormValues> = {}): PlanFormValues {
  return { ...planToForm(null), name: 'Starter', ...overrides };
}

describe('plan form parsing', () => {
  it('parses limits as integers; missing, invalid, 0 or negative is −1 (unlimited)', () => {
    expect(parseLimit('5')).toBe(5);
    expect(parseLimit(' 250 ')).toBe(250);
    expect(parseLimit('7.9')).toBe(7);
    for (const unlimited of ['', '   ', '0', '-3', 'abc']) expect(parseLimit(unlimited), unlimited).toBe(-1);
  });

  it('turns the price in dollars into cents; missing, invalid or negative is 0', () => {
    expect(parsePriceCents('19.99')).toBe(1999);
    expect(parsePriceCents('49')).toBe(4900);
    expect(parsePriceCents('0.005')).toBe(1);
    expect(parsePriceCents('9.999')).toBe(1000);
    expect(parsePriceCents('$1,020')).toBe(102000); // dollarsToCents takes '$' and thousands separators
    for (const free of ['', 'abc', '-5', '0', '20$']) expect(parsePriceCents(free), free).toBe(0);
  });

  it('builds the request body: trimmed text, cents, −1 limits, empty features dropped, no Stripe id as null', () => {
    const body = toPlanInput(
      values({
        name: '  Starter  ',
        description: ' Small shops ',
        price: '9.5',
        stripePriceId: '   ',
        limits: { stores: '1', staff: '', cards: '0', transactions: 'x' },
        features: [{ value: '  One store ' }, { value: '' }, { value: '   ' }, { value: 'Email support' }],
        isActive: false,
      }),
    );
    expect(body).toEqual({
      name: 'Starter',
      description: 'Small shops',
      priceMonthly: 950,
      billingPeriod: 'monthly',
      stripePriceId: null,
      limits: { stores: 1, staff: -1, cards: -1, transactions: -1 },
      features: ['One store', 'Email support'],
      isActive: false,
    });
  });

  it('starts a new plan empty with one feature row, and an edited plan with its values (unlimited limits empty)', () => {
    expect(planToForm(null).features).toEqual([{ value: '' }]);
    expect(planToForm(plan)).toEqual({
      name: 'Professional',
      description: 'For growing shops',
      price: '19.99',
      billingPeriod: '3months',
      stripePriceId: 'price_123',
      limits: { stores: '3', staff: '', cards: '1000', transactions: '' },
      features: [{ value: 'Unlimited customers' }, { value: 'Priority support' }],
      isActive: true,
    });
    expect(planToForm({ ...plan, features: [], priceMonthly: 2000 })).toMatchObject({ features: [{ value: '' }], price: '20' });
  });

  it('sends an unedited plan back unchanged', () => {
    const { id: _id, sortOrder: _s, tenantsCount: _t, ...input } = plan;
    expect(toPlanInput(planToForm(plan))).toEqual(input);
  });

  it('names the problems of the form', () => {
    const messageOf = (v: PlanFormValues) => {
      const parsed = PlanFormSchema.safeParse(v);
      return parsed.success ? null : parsed.error.issues.map((i) => i.message);
    };
    expect(messageOf(values({ name: '   ' }))).toEqual(['Name is required']);
    expect(messageOf(values({ name: 'x'.repeat(81) }))).toEqual(['Name is too long']);
    expect(messageOf(values({ price: '1000000.01' }))).toEqual(['Price is too large']);
    expect(messageOf(values({ price: '1000000' }))).toBeNull();
    expect(messageOf(values({ limits: { stores: '1000000001', staff: '', cards: '', transactions: '' } }))).toEqual(['Limit is too large']);
    expect(messageOf(values({ features: [] }))).not.toBeNull();
    expect(messageOf(values())).toBeNull();
  });

  it('shows limits and prices as the plan cards do', () => {
    expect(limitLabel(-1)).toBe('∞');
    expect(limitLabel(0)).toBe('∞');
    expect(limitLabel(1000)).toBe('1,000');
    expect(priceLabel({ priceMonthly: 1999, billingPeriod: '3months' })).toBe('$59.97/3 months');
    expect(priceLabel({ priceMonthly: 1999, billingPeriod: 'yearly' })).toBe('$239.88/year');
    expect(priceLabel({ priceMonthly: 0, billingPeriod: 'monthly' })).toBe('$0.00/month');
  });
});
