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
import { RichMessage, useMessages } from '@/lib/i18n';
import { rulesMessages } from '../messages';

/** The noun of a category in the preview sentence (its key in rulesMessages). */
const NOUNS = { PURCHASE: 'nounPurchase', REPAIR: 'nounRepair', OTHER: 'nounOther' } as const satisfies Record<Category, string>;

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
  const t = useMessages(rulesMessages);
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
    body = <p className="text-sm text-slate-500">{t('previewEnterAmount')}</p>;
  } else if (!cashbackRules || !tierRules) {
    body = <p className="text-sm text-slate-500">{t('previewFixRates')}</p>;
  } else {
    body = <PreviewResult {...{ cents, category, tier, cashbackRules, tierRules, offers: domainOffers, running, now, unsaved }} />;
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Calculator aria-hidden="true" className="h-5 w-5 text-indigo-600" />
          {t('previewTitle')}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-3">
          <Input label={t('previewAmount')} inputMode="decimal" leading="$" value={amount} onChange={(e) => setAmount(e.target.value)} autoComplete="off" />
          <Select label={t('previewCategory')} value={category} onChange={(e) => setCategory(e.target.value as Category)}>
            {Category.options.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </Select>
          <Select label={t('previewTier')} value={tier} onChange={(e) => setTier(e.target.value as Tier)}>
            {Tier.options.map((x) => (
              <option key={x} value={x}>
                {TIER_LABELS[x]}
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
  const t = useMessages(rulesMessages);
  const result = computeCashback({ amountCents: cents, category, tier, cashbackRules, tierRules, offers, now });
  const categoryBps = cashbackRules.find((r) => r.isActive && r.category === category)?.baseRateBps ?? 0;
  const tierBps = tierRules.find((r) => r.isActive && r.tier === tier)?.baseRateBps ?? 0;
  const offerBps = running.reduce((s, o) => s + o.rateMultiplierBps, 0);
  const capped = categoryBps + tierBps > BASE_RATE_CAP_BPS || Math.min(categoryBps + tierBps, BASE_RATE_CAP_BPS) + offerBps > TOTAL_RATE_CAP_BPS;
  return (
    <div className="space-y-2">
      <p data-testid="cashback-preview" aria-live="polite" className="text-base text-slate-800 sm:text-lg">
        <RichMessage
          catalog={rulesMessages}
          id="previewSentence"
          values={{ amount: formatCents(cents), noun: t(NOUNS[category]), tier, cashback: formatCents(result.cashbackCents) }}
          components={{ b: <strong />, earn: <strong className="text-emerald-700" /> }}
        />
      </p>
      <p className="text-sm text-slate-500">
        {t('previewRate', {
          rate: formatBps(result.rateBps),
          category: CATEGORY_LABELS[category],
          categoryRate: formatBps(categoryBps),
          tier: TIER_LABELS[tier],
          tierRate: formatBps(tierBps),
          offers: running.length === 0 ? t('previewNoOffer') : t('previewOffers', { count: running.length, rate: formatBps(offerBps) }),
          capped: capped ? t('previewCapped', { base: formatBps(BASE_RATE_CAP_BPS), total: formatBps(TOTAL_RATE_CAP_BPS) }) : '',
          unsaved: unsaved ? t('previewUnsaved') : '',
        })}
      </p>
    </div>
  );
}
