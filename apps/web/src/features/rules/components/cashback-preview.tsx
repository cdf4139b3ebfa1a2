import { useState } from 'react';
import { Category, Tier, type Offer } from '@loyalty/contract';
import {
  BASE_RATE_CAP_BPS,
  TOTAL_RATE_CAP_BPS,
  computeCashback,
  dollarsToCents,
  formatBps,
  formatCents,
  isOfferRunning,
  type CashbackRuleInput,
  type TierRuleInput,
} from '@loyalty/domain';
import { Calculator } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { CATEGORY_LABELS, TIER_LABELS } from '@/lib/labels';

/** The noun of a category in the preview sentence. */
const NOUNS: Record<Category, string> = { PURCHASE: 'purchase', REPAIR: 'repair', OTHER: 'transaction (Other)' };

/**
 * Live cashback preview (docs/product.md 'Cashback'): 'A $100.00 purchase by a GOLD
 * customer earns $X.XX today', computed in the browser by the domain's `computeCashback` — the
 * very function the server's earn runs — from the rules as they stand in the forms (unsaved
 * edits included) and the saved offers running at `now`. The owner picks the amount (dollars,
 * converted to cents), the category and the tier. `cashbackRules` / `tierRules` are null while
 * a form field is not a valid number.
 */
export function CashbackPreview({
  cashbackRules,
  tierRules,
  offers,
  now,
  unsaved,
}: {
  cashbackRules: CashbackRuleInput[] | null;
  tierRules: TierRuleInput[] | null;
  offers: readonly Offer[];
  now: Date;
  unsaved: boolean;
}) {
  const [amount, setAmount] = useState('100.00');
  const [category, setCategory] = useState<Category>('PURCHASE');
  const [tier, setTier] = useState<Tier>('GOLD');

  const cents = amount.trim() === '' ? null : dollarsToCents(amount);
  const amountValid = cents !== null && cents >= 0 && cents <= 100_000_000;
  const domainOffers = offers.map((o) => ({
    rateMultiplierBps: o.rateMultiplierBps,
    startAt: new Date(o.startAt),
    endAt: new Date(o.endAt),
    isActive: o.isActive,
  }));
  const running = domainOffers.filter((o) => isOfferRunning(o, now));

  let body;
  if (!amountValid) {
    body = <p className="text-sm text-slate-500">Enter an amount in dollars, e.g. 100.00, to see the cashback.</p>;
  } else if (!cashbackRules || !tierRules) {
    body = <p className="text-sm text-slate-500">Fix the highlighted rates above to see the cashback.</p>;
  } else {
    body = <PreviewResult {...{ cents, category, tier, cashbackRules, tierRules, offers: domainOffers, running, now, unsaved }} />;
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Calculator aria-hidden="true" className="h-5 w-5 text-indigo-600" />
          Cashback preview
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-3">
          <Input label="Preview amount" inputMode="decimal" leading="$" value={amount} onChange={(e) => setAmount(e.target.value)} autoComplete="off" />
          <Select label="Preview category" value={category} onChange={(e) => setCategory(e.target.value as Category)}>
            {Category.options.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </Select>
          <Select label="Preview tier" value={tier} onChange={(e) => setTier(e.target.value as Tier)}>
            {Tier.options.map((t) => (
              <option key={t} value={t}>
                {TIER_LABELS[t]}
              </option>
            ))}
          </Select>
        </div>
        {body}
      </CardContent>
    </Card>
  );
}

/** The preview's answer: what the amount earns today and how the rate adds up (the domain's computeCashback). */
function PreviewResult({
  cents,
  category,
  tier,
  cashbackRules,
  tierRules,
  offers,
  running,
  now,
  unsaved,
}: {
  cents: number;
  category: Category;
  tier: Tier;
  cashbackRules: CashbackRuleInput[];
  tierRules: TierRuleInput[];
  offers: { rateMultiplierBps: number; startAt: Date; endAt: Date; isActive: boolean }[];
  running: readonly { rateMultiplierBps: number }[];
  now: Date;
  unsaved: boolean;
}) {
  const result = computeCashback({ amountCents: cents, category, tier, cashbackRules, tierRules, offers, now });
  const categoryBps = cashbackRules.find((r) => r.isActive && r.category === category)?.baseRateBps ?? 0;
  const tierBps = tierRules.find((r) => r.isActive && r.tier === tier)?.baseRateBps ?? 0;
  const offerBps = running.reduce((s, o) => s + o.rateMultiplierBps, 0);
  const capped = categoryBps + tierBps > BASE_RATE_CAP_BPS || Math.min(categoryBps + tierBps, BASE_RATE_CAP_BPS) + offerBps > TOTAL_RATE_CAP_BPS;
  return (
    <div className="space-y-2">
      <p data-testid="cashback-preview" aria-live="polite" className="text-base text-slate-800 sm:text-lg">
        A <strong>{formatCents(cents)}</strong> {NOUNS[category]} by a <strong>{tier}</strong> customer earns{' '}
        <strong className="text-emerald-700">{formatCents(result.cashbackCents)}</strong> today
      </p>
      <p className="text-sm text-slate-500">
        Rate {formatBps(result.rateBps)} = {CATEGORY_LABELS[category]} {formatBps(categoryBps)} + {TIER_LABELS[tier]} bonus {formatBps(tierBps)} +{' '}
        {running.length === 0 ? 'no offer running' : `${running.length} running ${running.length === 1 ? 'offer' : 'offers'} ${formatBps(offerBps)}`}
        {capped && ` (capped: ${formatBps(BASE_RATE_CAP_BPS)} before offers, ${formatBps(TOTAL_RATE_CAP_BPS)} in all)`}
        {unsaved && '. Includes unsaved changes.'}
      </p>
    </div>
  );
}
