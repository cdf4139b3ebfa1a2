import { DEFAULT_CASHBACK_RULES, DEFAULT_TIER_RULES } from '@loyalty/domain';
import { formatBps, formatCents } from '@/lib/format';
import type { InitializeRulesResponse } from '@loyalty/contract';
import { RotateCcw } from 'lucide-react';
import { toast } from 'react-toastify';
import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';
import { saveErrorMessage } from '@/lib/server-field-errors';
import { useInitializeRules } from '../api/save-rules';
import { CATEGORY_LABELS } from '@/lib/labels';
import { RULES_MESSAGES } from '../lib/forms';
import { RichMessage, useMessages } from '@/lib/i18n';
import { rulesMessages } from '../messages';

/**
 * Confirmation of 'Initialize default rules' (docs/product.md 'Cashback' defaults): it replaces the
 * current cashback and tier rules (offers stay). Success 'Default rules initialized successfully',
 * `onInitialized` gets the new rules (the page resets its forms) and the dialog closes; failure the
 * server's text, else 'Failed to initialize default rules. Please try again.'
 */
export function InitializeRulesDialog({
  slug,
  open,
  onClose,
  onInitialized,
}: {
  slug: string;
  open: boolean;
  onClose: () => void;
  onInitialized: (data: InitializeRulesResponse) => void;
}) {
  const t = useMessages(rulesMessages);
  const initialize = useInitializeRules(slug);
  const confirm = () =>
    initialize.mutate(undefined, {
      onSuccess: (data) => {
        onInitialized(data);
        toast.success(RULES_MESSAGES.initialized);
        onClose();
      },
      onError: (err) => toast.error(saveErrorMessage(err, RULES_MESSAGES.initializeFailed)),
    });
  return (
    <ActionConfirmDialog
      open={open}
      onClose={onClose}
      title={t('initializeTitle')}
      pending={initialize.isPending}
      onConfirm={confirm}
      icon={RotateCcw}
      confirmLabel={t('initializeConfirm')}
    >
      <p>
        <RichMessage catalog={rulesMessages} id="initializeText" components={{ strong: <strong /> }} />
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg bg-slate-50 px-4 py-3">
        {DEFAULT_CASHBACK_RULES.map((r) => (
          <div key={r.category} className="contents">
            <dt className="text-slate-500">{CATEGORY_LABELS[r.category]}</dt>
            <dd className="text-right font-medium text-slate-900">{formatBps(r.baseRateBps)}</dd>
          </div>
        ))}
        {DEFAULT_TIER_RULES.map((r) => (
          <div key={r.tier} className="contents">
            <dt className="text-slate-500">{t('initializeTierFrom', { name: r.name, amount: formatCents(r.minTotalSpendCents) })}</dt>
            <dd className="text-right font-medium text-slate-900">+{formatBps(r.baseRateBps)}</dd>
          </div>
        ))}
      </dl>
    </ActionConfirmDialog>
  );
}
