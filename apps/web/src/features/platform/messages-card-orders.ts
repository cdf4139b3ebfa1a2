import { defineMessages } from '@/lib/i18n';

/**
 * The operator's card orders texts (ADR 0042): the list page, its table and cards, the next-step
 * buttons and their confirmation. Values are docs/product.md's texts.
 */
export const cardOrdersMessages = defineMessages('platform.cardOrders', {
  pageTitle: 'Card Orders',
  pageSubtitle: 'Printed-card orders of every tenant: process and ship the paid ones.',
  ordersCount_one: '1 order',
  ordersCount_other: '{{n}} orders',
  newest200: ' (the newest 200)',
  statusFilter: 'Status',
  allStatuses: 'All statuses',
  loadFailed: 'Failed to load card orders',
  loadFailedFallback: 'Something went wrong while loading the card orders.',
  markedAs: 'Order marked as {{status}}',
  updateFailed: 'Failed to update the order. Please try again.',
  noMatchTitle: 'No orders with this status',
  noMatchDescription: 'Orders appear here once they reach this step.',
  showAll: 'Show all orders',
  emptyTitle: 'No card orders yet',
  emptyDescription: 'When a business orders printed cards they appear here; paid orders are waiting to be processed and shipped.',

  startProcessing: 'Start processing',
  markShipped: 'Mark shipped',
  markDelivered: 'Mark delivered',
  confirmTitle: 'Mark order of {{tenant}} for {{n}} cards as {{status}}?',
  cards: 'Cards',
  paid: 'Paid',
  shipTo: 'Ship to',

  demoPayment: 'Demo payment',
  demoPaymentTitle: 'Paid with demo payments: no money was taken',
  orderedPaid: 'Ordered {{ordered}}, paid {{paid}}',
  ordered: 'Ordered {{ordered}}',
  columnDate: 'Order date',
  columnTenant: 'Tenant',
  columnType: 'Card type',
  columnQuantity: 'Quantity',
  columnTotal: 'Total',
  columnShipTo: 'Ship to',
  columnStatus: 'Status',
  columnAction: 'Action',
  cardLabel: 'Order of {{tenant}}',
  total: 'Total',
  each: '({{amount}} each)',
  orderedLabel: 'Ordered',
  tableCaption: 'Card orders',
});
