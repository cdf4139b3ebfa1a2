import type { RiskFlagItem } from '@loyalty/contract';
import { Ban, Check } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, CardStatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useMessages } from '@/lib/i18n';
import { dayText, limitText, movementText, reviewedText, statusBadge } from '../lib/describe';
import { reviewMessages } from '../messages';

/** The limit in words with its value ('5 earns per card a day') and, under it, the business day it was crossed on. */
export function LimitCell({ flag }: { flag: RiskFlagItem }) {
  const t = useMessages(reviewMessages);
  return (
    <div className="min-w-0">
      <p className="text-sm font-medium text-slate-900">{limitText(flag)}</p>
      <p className="text-xs whitespace-nowrap text-slate-500">{t('day', { day: dayText(flag.day) })}</p>
    </div>
  );
}

/** A card's UID linking to the card on the Cards page (its search), named 'Card {{uid}} on the Cards page'. */
export function CardLink({ slug, uid }: { slug: string; uid: string }) {
  const t = useMessages(reviewMessages);
  return (
    <Link
      to={`/t/${encodeURIComponent(slug)}/cards?search=${encodeURIComponent(uid)}`}
      aria-label={t('cardLinkLabel', { uid })}
      className="font-mono text-sm font-medium whitespace-nowrap text-indigo-700 hover:underline"
    >
      {uid}
    </Link>
  );
}

/** The card's UID, linking to the card on the Cards page (with 'Blocked' when it is), and its holder under it. */
export function CardCell({ flag, slug }: { flag: RiskFlagItem; slug: string }) {
  const t = useMessages(reviewMessages);
  return (
    <div className="min-w-0">
      <div className="flex flex-wrap items-center gap-2">
        <CardLink slug={slug} uid={flag.card.uid} />
        {flag.card.status === 'BLOCKED' && <CardStatusBadge status="BLOCKED" />}
      </div>
      <p className="text-xs text-slate-500">{flag.holder?.name ?? t('noHolder')}</p>
    </div>
  );
}

/** The staff member who made the movements (a flag's or a sync conflict's) and, under it, their store. */
export function StaffCell({ item }: { item: Pick<RiskFlagItem, 'staff' | 'store'> }) {
  const t = useMessages(reviewMessages);
  return (
    <div className="min-w-0">
      <p className="text-sm text-slate-900">{item.staff?.name ?? t('noStaff')}</p>
      <p className="text-xs text-slate-500">{item.store?.name ?? t('noStore')}</p>
    </div>
  );
}

/** The movements that crossed the limit, one line each ('Earn $120.00 at 3:15 PM'). */
export function MovementsList({ flag }: { flag: RiskFlagItem }) {
  const t = useMessages(reviewMessages);
  return (
    <ul aria-label={t('movementsLabel', { uid: flag.card.uid })} className="space-y-0.5 text-sm whitespace-nowrap text-slate-700 tabular-nums">
      {flag.movements.map((m) => (
        <li key={m.transactionId}>{movementText(m)}</li>
      ))}
    </ul>
  );
}

/** The flag's status badge and, once reviewed, who reviewed it and when. */
export function StatusCell({ flag }: { flag: RiskFlagItem }) {
  const { label, color } = statusBadge(flag.status);
  const reviewed = reviewedText(flag);
  return (
    <div className="min-w-0">
      <Badge color={color}>{label}</Badge>
      {reviewed && <p className="mt-1 text-xs text-slate-500">{reviewed}</p>}
    </div>
  );
}

/** 'Dismiss' and 'Block card' on an open flag (nothing on a reviewed one); Dismiss spins while `dismissing`. */
export function FlagActions({
  flag,
  dismissing,
  onDismiss,
  onBlock,
}: {
  flag: RiskFlagItem;
  dismissing: boolean;
  onDismiss: (flag: RiskFlagItem) => void;
  onBlock: (flag: RiskFlagItem) => void;
}) {
  const t = useMessages(reviewMessages);
  if (flag.status !== 'OPEN') return null;
  const uid = flag.card.uid;
  return (
    <div className="flex flex-wrap justify-end gap-2 whitespace-nowrap lg:flex-nowrap">
      <Button size="sm" variant="outline" loading={dismissing} onClick={() => onDismiss(flag)} aria-label={t('dismissLabel', { uid })}>
        {!dismissing && <Check aria-hidden="true" className="h-4 w-4" />}
        {t('dismiss')}
      </Button>
      <Button size="sm" variant="danger" onClick={() => onBlock(flag)} aria-label={t('blockLabel', { uid })}>
        <Ban aria-hidden="true" className="h-4 w-4" />
        {t('block')}
      </Button>
    </div>
  );
}
