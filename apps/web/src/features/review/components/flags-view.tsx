import type { RiskFlagList } from '@loyalty/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { useMessages } from '@/lib/i18n';
import { useFlagReview } from '../hooks/use-flag-review';
import { reviewMessages } from '../messages';
import { BlockCardDialog } from './block-card-dialog';
import { FlagsTable } from './flags-table';

/**
 * The Flags view of the Review page (docs/product.md 'Velocity limits'): the flags of `flags` (the
 * page's query of the open or all flags) in their table, Dismiss at once, Block card after its
 * confirmation; 'Failed to load the Review list' with Try again when the first load fails.
 */
export function FlagsView({ slug, flags }: { slug: string; flags: UseQueryResult<RiskFlagList> }) {
  const t = useMessages(reviewMessages);
  const review = useFlagReview(slug);
  if (flags.isError && !flags.data) return <LoadError title={t('loadFailed')} query={flags} fallback={t('loadFailedFallback')} />;
  return (
    <>
      <Card>
        <FlagsTable
          slug={slug}
          flags={flags.data?.items ?? []}
          loading={flags.isPending}
          busy={flags.isFetching && !flags.isPending}
          dismissing={review.dismissing}
          onDismiss={review.dismiss}
          onBlock={review.askBlock}
        />
      </Card>
      <BlockCardDialog
        flag={review.blocking}
        pending={review.blockPending}
        error={review.blockError}
        onConfirm={review.confirmBlock}
        onClose={review.closeBlock}
      />
    </>
  );
}
