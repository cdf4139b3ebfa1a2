import { describe, expect, it } from 'vitest';
import { actionLabel, actionOptions, actorLabel, changesOf } from './describe';

describe('what an audit event shows', () => {
  it('names actions as a person reads them', () => {
    expect(actionLabel('store.create')).toBe('Store created');
    expect(actionLabel('webhook_endpoint.delete')).toBe('Webhook endpoint deleted');
    expect(actionLabel('transaction.earn')).toBe('Cashback earned');
    expect(actionLabel('card.wallet_email')).toBe('Wallet links e-mailed');
    expect(actionLabel('rules.wallet.certificate')).toBe('Apple Wallet certificate uploaded');
    expect(actionLabel('transaction.bonus')).toBe('Bonus credited');
    expect(actionLabel('rules.rewards.update')).toBe('Reward settings changed');
  });

  it('names the velocity limits’ actions and offers them in the action filter', () => {
    expect(actionLabel('rules.limits.update')).toBe('Velocity limits changed');
    expect(actionLabel('risk.flag.dismiss')).toBe('Review flag dismissed');
    expect(actionLabel('risk.flag.block_card')).toBe('Card blocked from Review');
    const labels = actionOptions().map((o) => o.label);
    expect(labels).toEqual(expect.arrayContaining(['Velocity limits changed', 'Review flag dismissed', 'Card blocked from Review']));
  });

  it('names the offline till’s actions and offers them in the action filter', () => {
    expect(actionLabel('rules.offline.update')).toBe('Offline till settings changed');
    expect(actionLabel('sync_conflict.resolve')).toBe('Sync conflict resolved');
    const labels = actionOptions().map((o) => o.label);
    expect(labels).toEqual(expect.arrayContaining(['Offline till settings changed', 'Sync conflict resolved']));
  });

  it('offers the rewards’ actions in the action filter by their names', () => {
    const labels = actionOptions().map((o) => o.label);
    expect(labels).toContain('Bonus credited');
    expect(labels).toContain('Reward settings changed');
  });

  it('formats money from cents, rates from bps and times, and marks what changed', () => {
    const rows = changesOf({
      before: { balanceCents: 528, tier: 'SILVER' },
      after: { balanceCents: 603, tier: 'SILVER', rateBps: 300, at: '2026-11-27T14:16:00.000Z' },
    });
    expect(rows.find((r) => r.field === 'Balance')).toMatchObject({ before: '$5.28', after: '$6.03', changed: true });
    expect(rows.find((r) => r.field === 'Tier')).toMatchObject({ before: 'SILVER', after: 'SILVER', changed: false });
    expect(rows.find((r) => r.field === 'Rate')).toMatchObject({ before: '—', after: '3.0%' });
    expect(rows.find((r) => r.field === 'At')!.after).toMatch(/2026/);
    expect(changesOf({ before: null, after: null })).toEqual([]);
  });

  it('names the actor: a person, an API key, or the system', () => {
    expect(actorLabel({ kind: 'user', id: 'u', name: 'Alex Owner' })).toBe('Alex Owner');
    expect(actorLabel({ kind: 'api_key', id: 'k', name: 'Front till' })).toBe('API key: Front till');
    expect(actorLabel({ kind: 'system', id: null, name: null })).toBe('System');
  });
});
