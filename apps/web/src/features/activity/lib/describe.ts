import { AUDIT_ACTIONS, type AuditAction, type AuditEvent } from '@loyalty/contract';
import { formatBps, formatCents, formatDateTime } from '@/lib/format';
import { translate, type MessageKey } from '@/lib/i18n';
import { activityMessages } from '../messages';

/** A key of the Activity catalog. */
type ActivityKey = MessageKey<(typeof activityMessages)['en']>;

/** Labels that read better than the generic 'Subject verb' (money movements and sign-ins). */
const LABELS: Partial<Record<AuditAction, ActivityKey>> = {
  'transaction.earn': 'actionTransactionEarn',
  'transaction.redeem': 'actionTransactionRedeem',
  'transaction.refund': 'actionTransactionRefund',
  'transaction.void': 'actionTransactionVoid',
  'transaction.bonus': 'actionTransactionBonus',
  'card.adjust': 'actionCardAdjust',
  'card.add_funds': 'actionCardAddFunds',
  'card.wallet_email': 'actionCardWalletEmail',
  'rules.wallet.update': 'actionWalletLook',
  'rules.wallet.logo': 'actionWalletLogo',
  'rules.wallet.certificate': 'actionWalletCertificate',
  'rules.rewards.update': 'actionRewardsUpdate',
  'rules.limits.update': 'actionLimitsUpdate',
  'risk.flag.dismiss': 'actionFlagDismiss',
  'risk.flag.block_card': 'actionFlagBlockCard',
  'rules.offline.update': 'actionOfflineUpdate',
  'sync_conflict.resolve': 'actionSyncConflictResolve',
  'cashback.expire': 'actionCashbackExpire',
  'platform.admin.sign_in': 'actionPlatformSignIn',
  'checkout.add_funds_not_credited': 'actionFundsNotCredited',
  'checkout.card_order_not_applied': 'actionCardOrderNotApplied',
};
/** The past participle of an action's verb (the kind's last part), as catalog keys. */
const PAST: Record<string, ActivityKey> = {
  create: 'pastCreate',
  update: 'pastUpdate',
  delete: 'pastDelete',
  revoke: 'pastRevoke',
  resend: 'pastResend',
  accept: 'pastAccept',
  block: 'pastBlock',
  unblock: 'pastUnblock',
  cancel: 'pastCancel',
  status: 'pastStatus',
  initialize: 'pastInitialize',
  activate: 'pastActivate',
  change: 'pastChange',
  resume: 'pastResume',
};

/**
 * A person's name for an audit kind: 'store.create' → 'Store created', 'webhook_endpoint.delete'
 * → 'Webhook endpoint deleted'; money movements and sign-ins by name ('Cashback earned').
 */
export function actionLabel(action: string): string {
  const known = LABELS[action as AuditAction];
  if (known) return translate(activityMessages, known);
  const parts = action.split('.');
  const last = parts.pop() ?? '';
  const subject = parts.join(' ').replace(/_/g, ' ');
  const past = PAST[last];
  const text = `${subject} ${past ? translate(activityMessages, past) : last.replace(/_/g, ' ')}`.trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Every audit kind with its label, sorted by label (the action filter's options), in the current language. */
export function actionOptions(): { value: AuditAction; label: string }[] {
  return AUDIT_ACTIONS.map((value) => ({ value, label: actionLabel(value) })).sort((a, b) => a.label.localeCompare(b.label));
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * One stored value as a person reads it: keys ending in 'Cents' as money ('$12.50'), in 'Bps' as
 * a rate, ISO times as local date and time, true/false as Yes/No, null as '—', lists and
 * objects as compact JSON.
 */
function formatValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number' && /cents$/i.test(key)) return formatCents(value);
  if (typeof value === 'number' && /bps$/i.test(key)) return formatBps(value);
  if (typeof value === 'string' && ISO_TIME.test(value)) return formatDateTime(value);
  if (typeof value === 'boolean') return translate(activityMessages, value ? 'valueYes' : 'valueNo');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One line of 'what changed': the field, its value before and after, and whether it changed. */
export interface Change {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : v == null ? {} : { value: v };

/** The fields of an event's before and after, in first-seen order, changed ones marked. */
export function changesOf(event: Pick<AuditEvent, 'before' | 'after'>): Change[] {
  const before = asRecord(event.before);
  const after = asRecord(event.after);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => {
    const b = field in before ? formatValue(field, before[field]) : '—';
    const a = field in after ? formatValue(field, after[field]) : '—';
    return { field: fieldLabel(field), before: b, after: a, changed: b !== a };
  });
}

/** 'balanceCents' → 'Balance', 'rateBps' → 'Rate', 'storeId' → 'Store id', 'reason' → 'Reason' (the unit shows in the value). */
function fieldLabel(field: string): string {
  const words = field
    .replace(/(Cents|Bps)$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Who acted: the person's or key's name ('API key: Till 1'), 'System' for jobs and payments, or a removed actor. */
export function actorLabel(actor: AuditEvent['actor']): string {
  if (actor.kind === 'system') return translate(activityMessages, 'actorSystem');
  if (actor.kind === 'api_key') return translate(activityMessages, 'actorApiKey', { name: actor.name ?? translate(activityMessages, 'actorRemovedKey') });
  return actor.name ?? translate(activityMessages, 'actorRemovedUser');
}
