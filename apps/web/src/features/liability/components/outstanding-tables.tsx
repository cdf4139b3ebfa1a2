import type { LiabilityReport } from '@loyalty/contract';
import { useMessages, type MessageKey } from '@/lib/i18n';
import { liabilityMessages } from '../messages';
import { ShareTable } from './share-table';

/** Headings of the age buckets (days since the cashback was credited). */
const BUCKET_LABELS: Record<LiabilityReport['byAge'][number]['bucket'], MessageKey<(typeof liabilityMessages)['en']>> = {
  '0-30': 'age0to30',
  '31-90': 'age31to90',
  '91-180': 'age91to180',
  '181-365': 'age181to365',
  '>365': 'ageOverYear',
};

/** The outstanding cashback by age (open lots by days since credited), each bucket with its share. */
export function AgeBuckets({ byAge }: { byAge: LiabilityReport['byAge'] }) {
  const t = useMessages(liabilityMessages);
  const rows = byAge.map((b) => ({ key: b.bucket, label: t(BUCKET_LABELS[b.bucket]), cents: b.cents }));
  return <ShareTable title={t('ageTitle')} caption={t('ageCaption')} labelHeading={t('ageHeading')} rows={rows} />;
}

/** The outstanding cashback by the store of the card (largest first, as the API sorts it), each store with its share. */
export function StoreBalances({ byStore }: { byStore: LiabilityReport['byStore'] }) {
  const t = useMessages(liabilityMessages);
  const rows = byStore.map((s) => ({ key: s.storeId ?? 'none', label: s.storeName, cents: s.outstandingCents }));
  return <ShareTable title={t('storeTitle')} caption={t('storeCaption')} labelHeading={t('storeHeading')} rows={rows} empty={t('storeEmpty')} />;
}
