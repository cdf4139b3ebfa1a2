import { useStores } from '@/api/get-stores';
import { Select } from '@/components/ui/select';
import { useMessages } from '@/lib/i18n';
import { endOfDayMessages } from '../messages';

/** A Store Admin's store picker: 'All stores' or one of the business's stores (shown once the store list is in). */
function StorePicker({ slug, value, onChange }: { slug: string; value?: string; onChange: (storeId: string) => void }) {
  const t = useMessages(endOfDayMessages);
  const stores = useStores(slug);
  if (!stores.data) return null;
  return (
    <Select label={t('storeLabel')} value={value ?? ''} onChange={(e) => onChange(e.target.value)} wrapperClassName="w-56">
      <option value="">{t('storeAll')}</option>
      {stores.data.stores.map((s) => (
        <option key={s.id} value={s.id}>
          {s.name}
        </option>
      ))}
    </Select>
  );
}

/**
 * The store of the End of day page. A Store Admin picks one of the business's stores or 'All
 * stores'; a cashier works at one store, the server shows them only that one, and they see its
 * name (`ownStore`) and no picker.
 */
export function StoreChoice({
  slug,
  picker,
  ownStore,
  value,
  onChange,
}: {
  slug: string;
  /** Whether the user may choose the store (Store Admins; not cashiers). */
  picker: boolean;
  ownStore: string | null;
  value?: string;
  onChange: (storeId: string) => void;
}) {
  const t = useMessages(endOfDayMessages);
  if (picker) return <StorePicker slug={slug} value={value} onChange={onChange} />;
  if (!ownStore) return null;
  return (
    <dl className="text-sm">
      <dt className="font-medium text-slate-700">{t('storeLabel')}</dt>
      <dd className="mt-2.5 text-slate-900">{ownStore}</dd>
    </dl>
  );
}
