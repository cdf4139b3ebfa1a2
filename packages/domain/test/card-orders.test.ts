import { describe, expect, it } from 'vitest';
import { CARD_ORDER_PRICING, cardOrderPrice } from '../src/card-orders.ts';

describe('cardOrderPrice', () => {
  it('charges the tier price in force at the quantity', () => {
    expect(cardOrderPrice('SINGLE_SIDED', 100)).toEqual({ unitPriceCents: 50, totalCents: 5000 });
    expect(cardOrderPrice('SINGLE_SIDED', 499)).toEqual({ unitPriceCents: 50, totalCents: 24950 });
    expect(cardOrderPrice('SINGLE_SIDED', 500)).toEqual({ unitPriceCents: 40, totalCents: 20000 });
    expect(cardOrderPrice('DOUBLE_SIDED_CUSTOM', 2000)).toEqual({ unitPriceCents: 60, totalCents: 120000 });
  });

  it('never makes a larger order cheaper per card, and every tier starts within the bounds', () => {
    for (const kind of CARD_ORDER_PRICING.cardTypes) {
      expect(kind.tiers[0]!.minQuantity).toBe(CARD_ORDER_PRICING.minQuantity);
      for (let i = 1; i < kind.tiers.length; i++) expect(kind.tiers[i]!.unitPriceCents).toBeLessThan(kind.tiers[i - 1]!.unitPriceCents);
    }
  });

  it('refuses quantities outside the bounds', () => {
    expect(() => cardOrderPrice('SINGLE_SIDED', 49)).toThrow(RangeError);
    expect(() => cardOrderPrice('SINGLE_SIDED', 10_001)).toThrow(RangeError);
    expect(() => cardOrderPrice('SINGLE_SIDED', 100.5)).toThrow(RangeError);
  });
});
