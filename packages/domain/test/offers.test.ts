import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOfferRunning, offerPhase } from '../src/offers.ts';

/** The one offer window (ADR 0030): closed at both ends. */
const NOW = new Date('2026-11-27T12:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
const DAY = 86_400_000;

describe('offerPhase (startAt ≤ now ≤ endAt is running)', () => {
  it.each<[string, number, number, string]>([
    ['window around now', -DAY, DAY, 'running'],
    ['ends exactly now', -DAY, 0, 'running'],
    ['starts exactly now', 0, DAY, 'running'],
    ['one instant, now', 0, 0, 'running'],
    ['ended 1 ms ago', -DAY, -1, 'ended'],
    ['starts in 1 ms', 1, DAY, 'scheduled'],
  ])('%s → %s', (_, start, end, phase) => {
    expect(offerPhase({ startAt: at(start), endAt: at(end) }, NOW)).toBe(phase);
  });

  it('isOfferRunning is exactly: switched on and running', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 5 }), fc.integer({ min: 0, max: 10 }), fc.boolean(), (start, length, isActive) => {
        const offer = { startAt: at(start), endAt: at(start + length), isActive };
        expect(isOfferRunning(offer, NOW)).toBe(isActive && start <= 0 && 0 <= start + length);
        expect(isOfferRunning(offer, NOW)).toBe(isActive && offerPhase(offer, NOW) === 'running');
      }),
    );
  });
});
