import type { LiabilityReport } from '@loyalty/contract';
import { ShareTable } from './share-table';

/** Headings of the age buckets (days since the cashback was credited). */
const BUCKET_LABELS: Record<LiabilityReport['byAge'][number]['bucket'], string> = {
  '0-30': '0–30 days',
  '31-90': '31–90 days',
  '91-180': '91–180 days',
  '181-365': '181–365 days',
  '>365': 'Over a year',
};

/** The outstanding cashback by age (open lots by days since credited), each bucket with its share. */
export function AgeBuckets({ byAge }: { byAge: LiabilityReport['byAge'] }) {
  const rows = byAge.map((b) => ({ key: b.bucket, label: BUCKET_LABELS[b.bucket], cents: b.cents }));
  return <ShareTable title="By age" caption="Outstanding cashback by age" labelHeading="Age" rows={rows} />;
}

/** The outstanding cashback by the store of the card (largest first, as the API sorts it), each store with its share. */
export function StoreBalances({ byStore }: { byStore: LiabilityReport['byStore'] }) {
  const rows = byStore.map((s) => ({ key: s.storeId ?? 'none', label: s.storeName, cents: s.outstandingCents }));
  return <ShareTable title="By store" caption="Outstanding cashback by store" labelHeading="Store" rows={rows} empty="No card holds a balance." />;
}
