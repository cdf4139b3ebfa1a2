import type { SyncConflictItem } from '@loyalty/contract';
import { CheckCircle2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { adviceText, conflictBadge, movementText, resolvedText } from '../lib/conflicts';
import { conflictMessages } from '../messages-conflicts';
import { CardLink, StaffCell } from './flag-cells';

/** The movement made offline in words with its amount ('Earn $15.00'), its card (linking to the Cards page) and its status badge. */
export function MovementCell({ conflict, slug }: { conflict: SyncConflictItem; slug: string }) {
  const { label, color } = conflictBadge(conflict.status);
  return (
    <div className="min-w-0 space-y-1">
      <p className="text-sm font-medium whitespace-nowrap text-slate-900 tabular-nums">{movementText(conflict)}</p>
      <CardLink slug={slug} uid={conflict.cardUid} />
      <div>
        <Badge color={color}>{label}</Badge>
      </div>
    </div>
  );
}

/** Who made it at which store, when it happened at the till and when it arrived (the browser's time). */
export function TillCell({ conflict }: { conflict: SyncConflictItem }) {
  const t = useMessages(conflictMessages);
  return (
    <div className="min-w-0 space-y-1">
      <StaffCell item={conflict} />
      <div className="text-xs whitespace-nowrap tabular-nums">
        <p className="text-slate-700">{t('happened', { when: formatDateTime(conflict.occurredAt) })}</p>
        <p className="text-slate-500">{t('arrived', { when: formatDateTime(conflict.receivedAt) })}</p>
      </div>
    </div>
  );
}

/** Why the server refused it (its own message, 'This card is blocked') and, under it, what to do about it. */
export function ReasonCell({ conflict }: { conflict: SyncConflictItem }) {
  const t = useMessages(conflictMessages);
  return (
    <div className="min-w-0 lg:min-w-56">
      <p className="text-sm font-medium text-slate-900">{conflict.message}</p>
      <p className="mt-0.5 text-xs text-slate-600">{t('whatToDo', { advice: adviceText(conflict.code, conflict.message) })}</p>
    </div>
  );
}

/** 'Mark resolved' on an open conflict; on a resolved one, who resolved it and when. */
export function ConflictActions({ conflict, onResolve }: { conflict: SyncConflictItem; onResolve: (conflict: SyncConflictItem) => void }) {
  const t = useMessages(conflictMessages);
  if (conflict.status !== 'OPEN') return <p className="text-xs text-slate-500 lg:max-w-40">{resolvedText(conflict)}</p>;
  return (
    <div className="flex justify-end whitespace-nowrap">
      <Button size="sm" variant="outline" onClick={() => onResolve(conflict)} aria-label={t('resolveLabel', { uid: conflict.cardUid })}>
        <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
        {t('resolve')}
      </Button>
    </div>
  );
}
