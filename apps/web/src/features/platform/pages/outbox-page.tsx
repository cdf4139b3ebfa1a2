import { useState } from 'react';
import type { OutboxItem } from '@loyalty/contract';
import { Mail } from 'lucide-react';
import { toast } from 'react-toastify';
import { EmptyState, NoResults } from '@/components/ui/empty-state';
import { Select } from '@/components/ui/select';
import { ListPage, ListToolbar } from '@/components/ui/list-page';
import { useListParams } from '@/hooks/use-list-params';
import { errorMessage } from '@/lib/api';
import { formatCount } from '@/lib/format';
import { translate, useMessages } from '@/lib/i18n';
import { OUTBOX_PAGE_SIZE, useOutbox, useResendOutboxMessage } from '../api/outbox';
import { isOutboxStatus, OUTBOX_STATUS_OPTIONS } from '../components/outbox/labels';
import { OutboxMessageDialog } from '../components/outbox/outbox-message-dialog';
import { OutboxTable } from '../components/outbox/outbox-table';
import { outboxMessages } from '../messages-outbox';

/**
 * /platform/outbox (platform_admin): every e-mail the product wrote, newest first, 20
 * a page, whether or not an SMTP server is configured. A recipient search (debounced 300 ms) and
 * a status filter live in the address (?search=&status=&page=) so reload and Back keep them.
 * A click on a message opens it (bodies and attempt log) with 'Resend', which queues it again,
 * toasts 'Message queued to be sent again' and refreshes the list. Loading, empty and
 * error-with-retry states as on every list page.
 */
export function OutboxPage() {
  const t = useMessages(outboxMessages);
  const list$ = useListParams(['status']);
  const status = isOutboxStatus(list$.filters.status) ? list$.filters.status : undefined;
  const { search: to, page } = list$;
  const outbox = useOutbox({ status, to, page });
  const [openId, setOpenId] = useState<string | null>(null);
  const [openRow, setOpenRow] = useState<OutboxItem | null>(null);
  const open = openId ? (outbox.data?.messages.find((m) => m.id === openId) ?? openRow) : null;
  const resend = useResend();
  const total = outbox.data?.total;
  return (
    <ListPage
      title={t('pageTitle')}
      subtitle={total !== undefined ? t('messagesCount', { count: total, n: formatCount(total) }) : t('pageSubtitle')}
      toolbar={
        <ListToolbar label={t('searchLabel')} placeholder={t('searchPlaceholder')} value={list$.searchInput} onChange={list$.setSearchInput}>
          <Select
            label={t('statusFilter')}
            hideLabel
            wrapperClassName="sm:w-52"
            value={status ?? ''}
            onChange={(e) => list$.update({ status: e.target.value })}
          >
            <option value="">{t('allStatuses')}</option>
            {OUTBOX_STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </ListToolbar>
      }
      query={outbox}
      errorTitle={t('loadFailed')}
      errorFallback={t('loadFailedFallback')}
      pagination={{
        page,
        pages: outbox.data?.totalPages ?? 0,
        total: outbox.data?.total ?? 0,
        limit: OUTBOX_PAGE_SIZE,
        noun: t('paginationNoun'),
        onPage: (p) => list$.update({ page: p }),
      }}
      dialogs={<OutboxMessageDialog item={open} onClose={() => setOpenId(null)} onResend={resend.run} resending={resend.pending} />}
    >
      <OutboxTable
        messages={outbox.data?.messages ?? []}
        onOpen={(m) => {
          setOpenRow(m);
          setOpenId(m.id);
        }}
        loading={outbox.isPending}
        dimmed={outbox.isPlaceholderData}
        empty={<OutboxEmpty filtered={Boolean(to || status)} onClear={list$.clearAll} />}
      />
    </ListPage>
  );
}

/** Resend of a message: toasts 'Message queued to be sent again' (the outbox queries refresh), else the server's text. */
function useResend(): { run: (id: string) => void; pending: boolean } {
  const resend = useResendOutboxMessage();
  const run = (id: string) =>
    resend.mutate(id, {
      onSuccess: () => toast.success(translate(outboxMessages, 'resendDone')),
      onError: (error) => toast.error(errorMessage(error, translate(outboxMessages, 'resendFailed'))),
    });
  return { run, pending: resend.isPending };
}

/** 'No messages match these filters' with Clear filters, or 'No messages yet'. */
function OutboxEmpty({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  const t = useMessages(outboxMessages);
  return filtered ? (
    <NoResults title={t('noMatchTitle')} description={t('noMatchDescription')} clearLabel={t('clearFilters')} onClear={onClear} />
  ) : (
    <EmptyState icon={<Mail aria-hidden="true" className="h-8 w-8" />} title={t('emptyTitle')} description={t('emptyDescription')} />
  );
}
