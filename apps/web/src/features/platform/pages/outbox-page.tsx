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
import { OUTBOX_PAGE_SIZE, useOutbox, useResendOutboxMessage } from '../api/outbox';
import { isOutboxStatus, OUTBOX_STATUS_OPTIONS } from '../components/outbox/labels';
import { OutboxMessageDialog } from '../components/outbox/outbox-message-dialog';
import { OutboxTable } from '../components/outbox/outbox-table';

/** Toast of a successful resend. */
const RESEND_DONE = 'Message queued to be sent again';

/**
 * /platform/outbox (platform_admin): every e-mail the product wrote, newest first, 20
 * a page, whether or not an SMTP server is configured. A recipient search (debounced 300 ms) and
 * a status filter live in the address (?search=&status=&page=) so reload and Back keep them.
 * A click on a message opens it (bodies and attempt log) with 'Resend', which queues it again,
 * toasts 'Message queued to be sent again' and refreshes the list. Loading, empty and
 * error-with-retry states as on every list page.
 */
export function OutboxPage() {
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
      title="Outbox"
      subtitle={total !== undefined ? `${formatCount(total)} ${total === 1 ? 'message' : 'messages'}` : 'Every e-mail the product writes, sent or not.'}
      toolbar={
        <ListToolbar label="Search recipients" placeholder="Search by recipient e-mail" value={list$.searchInput} onChange={list$.setSearchInput}>
          <Select label="Status" hideLabel wrapperClassName="sm:w-52" value={status ?? ''} onChange={(e) => list$.update({ status: e.target.value })}>
            <option value="">All statuses</option>
            {OUTBOX_STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </ListToolbar>
      }
      query={outbox}
      errorTitle="Failed to load the outbox"
      errorFallback="Something went wrong while loading the messages."
      pagination={{
        page,
        pages: outbox.data?.totalPages ?? 0,
        total: outbox.data?.total ?? 0,
        limit: OUTBOX_PAGE_SIZE,
        noun: 'messages',
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
      onSuccess: () => toast.success(RESEND_DONE),
      onError: (error) => toast.error(errorMessage(error, 'Failed to resend the message. Please try again.')),
    });
  return { run, pending: resend.isPending };
}

/** 'No messages match these filters' with Clear filters, or 'No messages yet'. */
function OutboxEmpty({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return filtered ? (
    <NoResults title="No messages match these filters" description="Try another recipient or status." clearLabel="Clear filters" onClear={onClear} />
  ) : (
    <EmptyState
      icon={<Mail aria-hidden="true" className="h-8 w-8" />}
      title="No messages yet"
      description="Messages appear here as soon as the product writes them, even without an SMTP server."
    />
  );
}
