import { CreditCard, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState, NoResults } from '@/components/ui/empty-state';

/**
 * The empty Cards page: with a search or status 'No cards found matching your
 * criteria' and Clear filters; otherwise 'No cards created yet' and Create Card Batch.
 */
export function CardsEmpty({ filtered, onClear, onCreate }: { filtered: boolean; onClear: () => void; onCreate: () => void }) {
  if (filtered) {
    return (
      <NoResults
        title="No cards found matching your criteria"
        description="Try another card UID or name, or a different status."
        clearLabel="Clear filters"
        onClear={onClear}
      />
    );
  }
  return (
    <EmptyState
      icon={<CreditCard aria-hidden="true" className="h-8 w-8" />}
      title="No cards created yet"
      description="Create a batch of loyalty cards, print their QR codes and assign them to your customers."
      action={
        <Button onClick={onCreate}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Create Card Batch
        </Button>
      }
    />
  );
}
