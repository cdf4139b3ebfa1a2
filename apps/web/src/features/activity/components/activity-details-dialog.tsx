import type { AuditEvent } from '@loyalty/contract';
import { Dialog } from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/format';
import { actionLabel, actorLabel, changesOf } from '../lib/describe';
import { useMessages } from '@/lib/i18n';
import { activityMessages } from '../messages';

/**
 * The details of one audit event: who, when, from where, the object, and what changed as a
 * table 'Field · Before → After' (money formatted from cents, times local), changed rows bold.
 */
export function ActivityDetailsDialog({ event, onClose }: { event: AuditEvent | null; onClose: () => void }) {
  const t = useMessages(activityMessages);
  if (!event) return null;
  const changes = changesOf(event);
  return (
    <Dialog open onClose={onClose} title={actionLabel(event.action)} description={`${actorLabel(event.actor)} · ${formatDateTime(event.createdAt)}`} size="lg">
      <dl className="mb-4 grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">{t('detailsObject')}</dt>
        <dd className="break-all text-slate-800">
          {event.entity}
          {event.entityId ? ` ${event.entityId}` : ''}
        </dd>
        {event.tenant && (
          <>
            <dt className="text-slate-500">{t('detailsTenant')}</dt>
            <dd className="text-slate-800">{event.tenant.name}</dd>
          </>
        )}
        <dt className="text-slate-500">{t('detailsAddress')}</dt>
        <dd className="font-mono text-slate-800">{event.ip ?? '—'}</dd>
      </dl>
      {changes.length === 0 ? (
        <p className="text-sm text-slate-600">{t('detailsNone')}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('detailsCaption')}</caption>
          <thead className="text-xs text-slate-500 uppercase">
            <tr>
              <th scope="col" className="py-1 pr-3">
                {t('detailsField')}
              </th>
              <th scope="col" className="py-1 pr-3">
                {t('detailsBefore')}
              </th>
              <th scope="col" className="py-1">
                {t('detailsAfter')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {changes.map((c) => (
              <tr key={c.field} className={c.changed ? 'font-semibold text-slate-900' : 'text-slate-600'}>
                <th scope="row" className="py-1.5 pr-3 font-medium">
                  {c.field}
                </th>
                <td className="py-1.5 pr-3 break-all">{c.before}</td>
                <td className="py-1.5 break-all">{c.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}
