import type { ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { ActivityFilters } from '../api/keys';
import { actionOptions } from '../lib/describe';
import { useMessages } from '@/lib/i18n';
import { activityMessages } from '../messages';

/**
 * The filter row of an Activity list: actor (when `actors` are given), action, from and to
 * (UTC days), then `children` (the tenant picker of the operator, the export button).
 */
export function ActivityFilterBar({
  filters,
  onChange,
  actors,
  children,
}: {
  filters: ActivityFilters;
  onChange: (next: Partial<ActivityFilters>) => void;
  actors?: { id: string; label: string }[];
  children?: ReactNode;
}) {
  const t = useMessages(activityMessages);
  return (
    <div className="mb-4 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm lg:flex-row lg:items-end">
      {actors && (
        <Select label={t('filterActor')} wrapperClassName="lg:w-56" value={filters.actor} onChange={(e) => onChange({ actor: e.target.value })}>
          <option value="">{t('filterEveryone')}</option>
          {actors.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label}
            </option>
          ))}
        </Select>
      )}
      <Select label={t('filterAction')} wrapperClassName="lg:w-64" value={filters.action} onChange={(e) => onChange({ action: e.target.value })}>
        <option value="">{t('filterAllActions')}</option>
        {actionOptions().map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      <Input
        label={t('filterFrom')}
        type="date"
        wrapperClassName="lg:w-44"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(e) => onChange({ from: e.target.value })}
      />
      <Input
        label={t('filterTo')}
        type="date"
        wrapperClassName="lg:w-44"
        value={filters.to}
        min={filters.from || undefined}
        onChange={(e) => onChange({ to: e.target.value })}
      />
      {children}
    </div>
  );
}
