import type { RewardsReport } from '@loyalty/contract';
import { Gift, Percent, ShoppingBag, UserPlus } from 'lucide-react';
import { StatCard } from '@/components/ui/stat-card';
import { formatBps, formatCents, formatCount } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { rewardsReportMessages } from '../messages';
import { bonusTotals, shareBps } from '../report-figures';

/**
 * The four figures of the period on the Rewards page: Bonuses issued (money, and how many, of
 * every reason), Spent at the till (and its share of the bonuses), Referrals converted of those
 * joined (and how many were invited) and the Win-back return rate (offers taken up of those
 * sent; '—' when none was sent). `report` undefined draws the placeholders.
 */
export function RewardsFigures({ report }: { report?: RewardsReport }) {
  const t = useMessages(rewardsReportMessages);
  const loading = !report;
  const totals = report?.totals;
  const bonuses = totals && bonusTotals(totals);
  const spentShare = bonuses && shareBps(bonuses.redeemedCents, bonuses.amountCents);
  const referrals = totals?.referrals;
  const winBack = totals?.winBack;
  const returnRate = winBack && shareBps(winBack.cameBack, winBack.sent);
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label={t('figureBonuses')}
        value={bonuses && formatCents(bonuses.amountCents)}
        hint={bonuses && t('figureBonusesHint', { count: bonuses.count, n: formatCount(bonuses.count) })}
        icon={Gift}
        loading={loading}
      />
      <StatCard
        label={t('figureSpent')}
        value={bonuses && formatCents(bonuses.redeemedCents)}
        hint={spentShare !== undefined && t('figureSpentHint', { share: formatBps(spentShare) })}
        icon={ShoppingBag}
        tone="emerald"
        loading={loading}
      />
      <StatCard
        label={t('figureReferrals')}
        value={referrals && t('figureReferralsValue', { converted: formatCount(referrals.converted), joined: formatCount(referrals.joined) })}
        hint={referrals && t('figureReferralsHint', { n: formatCount(referrals.invited) })}
        icon={UserPlus}
        tone="blue"
        loading={loading}
      />
      <StatCard
        label={t('figureWinBack')}
        value={winBack && (returnRate === undefined ? t('figureNone') : formatBps(returnRate))}
        hint={winBack && winBack.sent > 0 && t('figureWinBackHint', { count: winBack.sent, n: formatCount(winBack.sent), back: formatCount(winBack.cameBack) })}
        icon={Percent}
        tone="violet"
        loading={loading}
      />
    </div>
  );
}
