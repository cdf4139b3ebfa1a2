import { defineMessages } from '@/lib/i18n';

/** The texts of the customer's own dashboard (ADR 0042), grouped by card. */
export const customerMessages = defineMessages('customer', {
  // Page
  loadingAccount: 'Loading your account',
  notFoundTitle: 'Customer profile not found',
  notFoundText: 'Your login is not linked to a customer record yet. Please ask the store to check your account.',
  loadFailed: 'Failed to load your account',
  loadFailedFallback: 'Something went wrong while loading your account.',
  welcome: 'Welcome back, {{firstName}}!',
  accountAt: 'Your loyalty account at {{tenantName}}',
  account: 'Your loyalty account',
  totalBalance: 'Total Balance',
  totalEarned: 'Total Earned',
  totalRedeemed: 'Total Redeemed',
  activeCards: 'Active Cards',
  // Profile
  profileTitle: 'Profile Information',
  profileName: 'Name',
  profileEmail: 'Email',
  profilePhone: 'Phone',
  profileTier: 'Tier',
  profileTotalSpend: 'Total spend',
  profileMemberSince: 'Member since',
  // Cards
  cardsTitle: 'Your Loyalty Cards',
  cardsEmptyTitle: 'No loyalty cards yet',
  cardsEmptyText: 'You have no loyalty cards yet. Ask at the counter for one.',
  cardsListLabel: 'Your loyalty cards',
  cardLabel: 'Card',
  cardBalance: 'Balance',
  cardNoStore: 'No store',
  cardSince: 'Since {{date}}',
  // Transactions
  transactionsTitle: 'Recent Transactions',
  transactionsCaption: 'Recent transactions',
  columnType: 'Type',
  columnCard: 'Card',
  columnStore: 'Store',
  columnDate: 'Date',
  noTransactions: 'No transactions yet.',
  // Your data
  dataTitle: 'Your data',
  dataText: 'Download everything we store about you: your profile, cards, transactions and the e-mails we sent you.',
  dataDownload: 'Download my data',
  dataDownloadFailed: 'Failed to download your data. Please try again.',
  dataAskErase: 'Ask to erase my data',
  dataRequestSent: 'Your request was sent',
  dataRequestFailed: 'Failed to send your request. Please try again.',
  dataErasureDue: 'You asked to erase your data. It will be erased by {{date}} at the latest.',
  dataEraseTitle: 'Erase my data',
  dataEraseText:
    'Your name, e-mail, phone and login will be erased, your cards blocked and any remaining balance given up. This cannot be undone. The business carries it out within 30 days.',
});
