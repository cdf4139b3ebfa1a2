import { Download, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Select } from '@/components/ui/select';
import { SearchField } from '@/components/ui/search-field';
import { STATUS_FILTERS } from '../lib/labels';
import { useMessages } from '@/lib/i18n';
import { cardsMessages } from '../messages';

/**
 * Toolbar of the Cards page: select-all box (this page's cards; mixed when only some
 * are selected), the selection count with a clear button, search by card UID or customer name,
 * the status filter (All, Unassigned, Active, Blocked) and 'Download QR Codes' (enabled with a
 * selection).
 */
export function CardsToolbar({
  pageState,
  onToggleAll,
  selectedCount,
  onClearSelection,
  search,
  onSearchChange,
  status,
  onStatusChange,
  onDownload,
  disabled,
}: {
  /** Selection state of the cards on screen. */
  pageState: 'none' | 'some' | 'all';
  onToggleAll: () => void;
  /** All selected cards, on any page. */
  selectedCount: number;
  onClearSelection: () => void;
  search: string;
  onSearchChange: (value: string) => void;
  status: string;
  onStatusChange: (value: string) => void;
  onDownload: () => void;
  /** No cards on screen: the select-all box is disabled. */
  disabled?: boolean;
}) {
  const t = useMessages(cardsMessages);
  return (
    <div className="mb-4 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm lg:flex-row lg:items-center">
      <div className="flex min-h-10 items-center gap-3 px-1">
        <Checkbox label={t('selectAll')} checked={pageState === 'all'} indeterminate={pageState === 'some'} onChange={onToggleAll} disabled={disabled} />
        {selectedCount > 0 && (
          <span className="flex items-center gap-1 text-sm text-indigo-700" aria-live="polite">
            <span className="font-medium">{t('selectedCount', { n: selectedCount })}</span>
            <button
              type="button"
              onClick={onClearSelection}
              aria-label={t('clearSelection')}
              title={t('clearSelection')}
              className="rounded p-0.5 text-indigo-500 hover:bg-indigo-50 hover:text-indigo-700"
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </button>
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 sm:flex-row sm:items-center">
        <SearchField label={t('searchLabel')} placeholder={t('searchPlaceholder')} value={search} onChange={onSearchChange} />
        <Select label={t('statusLabel')} hideLabel value={status} onChange={(e) => onStatusChange(e.target.value)} wrapperClassName="sm:w-44">
          {STATUS_FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.value === '' ? t('statusAllStatuses') : t(f.labelKey)}
            </option>
          ))}
        </Select>
        <Button variant="outline" onClick={onDownload} disabled={selectedCount === 0} className="shrink-0">
          <Download aria-hidden="true" className="h-4 w-4" />
          {t('downloadQrCodes')}
        </Button>
      </div>
    </div>
  );
}
