import { CreditCard, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState, NoResults } from '@/components/ui/empty-state';
import { useMessages } from '@/lib/i18n';
import { cardsMessages } from '../messages';

/**
 * The empty Cards page: with a search or status 'No cards found matching your
 * criteria' and Clear filters; otherwise 'No cards created yet' and Create Card Batch.
 */
export function CardsEmpty({ filtered, onClear, onCreate }: { filtered: boolean; onClear: () => void; onCreate: () => void }) {
  const t = useMessages(cardsMessages);
  if (filtered) {
    return <NoResults title={t('emptyFilteredTitle')} description={t('emptyFilteredText')} clearLabel={t('clearFilters')} onClear={onClear} />;
  }
  return (
    <EmptyState
      icon={<CreditCard aria-hidden="true" className="h-8 w-8" />}
      title={t('emptyTitle')}
      description={t('emptyText')}
      action={
        <Button onClick={onCreate}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t('createBatch')}
        </Button>
      }
    />
  );
}
