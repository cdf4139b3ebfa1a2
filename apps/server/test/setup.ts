import { afterEach, expect } from 'vitest';
import { openContexts } from './helpers.ts';
import { offCounters, offSummaries, unbalancedCards } from './invariants.ts';
import { setPasswordHashCost } from '../src/lib/passwords.ts';

// Cheap password hashes in the tests (lib/passwords.ts): the seeded snapshot's accounts were
// hashed so too (global-setup.ts), and processes the tests start run at the real cost.
setPasswordHashCost('test');

/**
 * Runs after every server test (vitest.config.ts `setupFiles`): in every test database still
 * open, each card's balance must equal the sum of its ledger deltas (docs/product.md 'Ledger'),
 * and the liability summaries must agree with the cards and lots they
 * summarise (ADR 0016), and so must the tenant counters (ADR 0006). A test that breaks the invariant fails with the cards concerned.
 */
afterEach(async () => {
  for (const ctx of openContexts) {
    expect(await unbalancedCards(ctx.db), 'cards whose balance is not the sum of their ledger deltas').toEqual([]);
    expect(await offSummaries(ctx.db), 'liability summaries that disagree with the cards and lots (ADR 0016)').toEqual([]);
    expect(await offCounters(ctx.db), 'tenant counters that disagree with the customers and cards (ADR 0006)').toEqual([]);
  }
});
