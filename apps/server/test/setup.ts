import { afterEach, expect } from 'vitest';
import { openContexts, unbalancedCards } from './helpers.ts';

/**
 * Runs after every server test (vitest.config.ts `setupFiles`): in every test database still
 * open, each card's balance must equal the sum of its ledger deltas (decisions.md 'Money and
 * the ledger'; issue 14). A test that breaks the invariant fails with the cards concerned.
 */
afterEach(async () => {
  for (const ctx of openContexts) {
    expect(await unbalancedCards(ctx.db), 'cards whose balance is not the sum of their ledger deltas').toEqual([]);
  }
});
