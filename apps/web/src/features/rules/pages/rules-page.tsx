import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { CashbackRule, InitializeRulesResponse, Offer, TierRule } from '@loyalty/contract';
import { Crown, Gauge, Gift, Hourglass, Mail, Percent, RotateCcw, RotateCw, Sparkles, Wallet, WifiOff } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { useCashbackRules, useOffers, useTierRules } from '../api/get-rules';
import { CashbackPreview } from '../components/cashback-preview';
import { CashbackRulesForm } from '../components/cashback-rules-form';
import { ExpiryTab } from '../components/expiry-tab';
import { InitializeRulesDialog } from '../components/initialize-rules-dialog';
import { LimitsTab } from '../components/limits-tab';
import { MessagesTab } from '../components/messages-tab';
import { OfflineTab } from '../components/offline-tab';
import { OfferFormDialog } from '../components/offer-form-dialog';
import { OffersList } from '../components/offers-list';
import { RewardsTab } from '../components/rewards-tab';
import { TierRulesForm } from '../components/tier-rules-form';
import { WalletTab } from '../components/wallet-tab';
import { useNow } from '../hooks/use-now';
import { CashbackForm, RULES_MESSAGES, TierForm, previewCashbackRules, previewTierRules, toCashbackForm, toTierForm } from '../lib/forms';
import { useMessages, type Translate } from '@/lib/i18n';
import { rulesMessages } from '../messages';

type TabValue = 'cashback' | 'tiers' | 'offers' | 'rewards' | 'limits' | 'offline' | 'expiry' | 'messages' | 'wallet';

/** The nine tabs, their labels in `t`'s language. */
const tabs = (t: Translate<typeof rulesMessages.en>): readonly TabItem<TabValue>[] => [
  { value: 'cashback', label: t('tabCashback'), icon: <Percent aria-hidden="true" className="h-4 w-4" /> },
  { value: 'tiers', label: t('tabTiers'), icon: <Crown aria-hidden="true" className="h-4 w-4" /> },
  { value: 'offers', label: t('tabOffers'), icon: <Sparkles aria-hidden="true" className="h-4 w-4" /> },
  { value: 'rewards', label: t('tabRewards'), icon: <Gift aria-hidden="true" className="h-4 w-4" /> },
  { value: 'limits', label: t('tabLimits'), icon: <Gauge aria-hidden="true" className="h-4 w-4" /> },
  { value: 'offline', label: t('tabOffline'), icon: <WifiOff aria-hidden="true" className="h-4 w-4" /> },
  { value: 'expiry', label: t('tabExpiry'), icon: <Hourglass aria-hidden="true" className="h-4 w-4" /> },
  { value: 'messages', label: t('tabMessages'), icon: <Mail aria-hidden="true" className="h-4 w-4" /> },
  { value: 'wallet', label: t('tabWallet'), icon: <Wallet aria-hidden="true" className="h-4 w-4" /> },
];

/**
 * Rules & Settings /t/{slug}/rules (tenant_admin). Loads the cashback rules, tier rules and offers;
 * a spinner while loading, 'Failed to load rules and offers' with Try again when a load fails. Then
 * the nine tabs (the Rewards, Limits, Offline, Expiry, Messages and Wallet tabs load their own data), the 'Initialize default rules'
 * action and the live cashback preview.
 */
export function RulesPage() {
  const { slug = '' } = useParams();
  const t = useMessages(rulesMessages);
  const cashback = useCashbackRules(slug);
  const tiers = useTierRules(slug);
  const offers = useOffers(slug);
  const queries = [cashback, tiers, offers];
  const failed = queries.some((q) => q.isError && !q.data);

  let body;
  if (failed) {
    body = (
      <Alert tone="error">
        <p>{RULES_MESSAGES.loadFailed}</p>
        <Button
          variant="outline"
          size="sm"
          className="mt-3"
          loading={queries.some((q) => q.isFetching)}
          onClick={() => queries.forEach((q) => q.isError && void q.refetch())}
        >
          <RotateCw aria-hidden="true" className="h-4 w-4" />
          {t('tryAgain')}
        </Button>
      </Alert>
    );
  } else if (!cashback.data || !tiers.data || !offers.data) {
    body = <PageSpinner label={t('loading')} />;
  } else {
    body = <RulesEditor slug={slug} cashbackRules={cashback.data.rules} tierRules={tiers.data.rules} offers={offers.data.offers} />;
  }

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t('pageTitle')} subtitle={t('pageSubtitle')} />
      {body}
    </div>
  );
}

/** Which offer modal is open. */
type OfferModal = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; offer: Offer };

/**
 * The loaded screen. The two rule forms live here (not in their tabs) so that switching tabs
 * keeps unsaved edits and the preview computes with them; they start from the stored rules and
 * are reset to what the server stored after a save or 'Initialize default rules'.
 */
function RulesEditor({ slug, cashbackRules, tierRules, offers }: { slug: string; cashbackRules: CashbackRule[]; tierRules: TierRule[]; offers: Offer[] }) {
  const t = useMessages(rulesMessages);
  const [tab, setTab] = useState<TabValue>('cashback');
  const [offerModal, setOfferModal] = useState<OfferModal>({ mode: 'closed' });
  const [confirmInit, setConfirmInit] = useState(false);
  const now = useNow(30_000, offers);
  const cashbackForm = useForm<CashbackForm>({ resolver: zodResolver(CashbackForm), defaultValues: toCashbackForm(cashbackRules) });
  const tierForm = useForm<TierForm>({ resolver: zodResolver(TierForm), defaultValues: toTierForm(tierRules) });
  const cashbackRows = useWatch({ control: cashbackForm.control, name: 'rules' });
  const tierRows = useWatch({ control: tierForm.control, name: 'rules' });
  const unsaved = cashbackForm.formState.isDirty || tierForm.formState.isDirty;
  const editing = offerModal.mode === 'edit' ? (offers.find((o) => o.id === offerModal.offer.id) ?? offerModal.offer) : null;

  const onInitialized = (data: InitializeRulesResponse) => {
    cashbackForm.reset(toCashbackForm(data.cashbackRules));
    tierForm.reset(toTierForm(data.tierRules));
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
        <p className="min-w-64 flex-1 text-sm text-slate-600">{t('capNote')}</p>
        <Button variant="outline" onClick={() => setConfirmInit(true)}>
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
          {t('initializeDefaults')}
        </Button>
      </div>

      {/* Nine tabs: each as wide as its label (the rest shared out), tighter padding so that they fit a 1280 px screen, sideways scrolling when they do not fit. */}
      <Tabs
        items={tabs(t)}
        value={tab}
        onChange={setTab}
        label={t('sections')}
        className="sm:[&_[role=tab]]:gap-1.5 sm:[&_[role=tab]]:px-1.5 sm:[&_[role=tablist]]:auto-cols-auto"
      >
        {tab === 'cashback' && <CashbackRulesForm slug={slug} form={cashbackForm} />}
        {tab === 'tiers' && <TierRulesForm slug={slug} form={tierForm} />}
        {tab === 'offers' && (
          <OffersList offers={offers} now={now} onCreate={() => setOfferModal({ mode: 'create' })} onEdit={(offer) => setOfferModal({ mode: 'edit', offer })} />
        )}
        {tab === 'rewards' && <RewardsTab slug={slug} />}
        {tab === 'limits' && <LimitsTab slug={slug} />}
        {tab === 'offline' && <OfflineTab slug={slug} />}
        {tab === 'expiry' && <ExpiryTab slug={slug} />}
        {tab === 'messages' && <MessagesTab slug={slug} />}
        {tab === 'wallet' && <WalletTab slug={slug} />}
      </Tabs>

      <CashbackPreview cashbackRules={previewCashbackRules(cashbackRows)} tierRules={previewTierRules(tierRows)} offers={offers} now={now} unsaved={unsaved} />

      <OfferFormDialog slug={slug} open={offerModal.mode !== 'closed'} offer={editing} onClose={() => setOfferModal({ mode: 'closed' })} />
      <InitializeRulesDialog slug={slug} open={confirmInit} onClose={() => setConfirmInit(false)} onInitialized={onInitialized} />
    </div>
  );
}
