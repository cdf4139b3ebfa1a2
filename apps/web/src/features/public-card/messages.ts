import { defineMessages } from '@/lib/i18n';

/** The texts of the public card page (ADR 0042), grouped by part of the page. */
export const publicCardMessages = defineMessages('public-card', {
  // Page
  documentTitle: '{{tenantName}} · Loyalty card',
  unassignedHeading: 'Unassigned Card',
  anonymousHeading: 'Loyalty card',
  tokenNotVerified: "This link's security code could not be verified, so only the balance is shown. Scan the QR code on the card to see its details.",
  noToken: "The holder's details and recent activity are shown when the card's QR code is scanned.",
  blocked: 'This card is blocked: it cannot earn or redeem cashback. Please contact {{tenantName}} for help.',
  notActivated: 'This card has not been activated yet. Ask at the counter to activate it and start earning cashback.',
  loadFailed: 'Failed to load card information',
  // States
  loadingCard: 'Loading card',
  invalidTitle: 'Invalid Card',
  invalidMessage: 'This card could not be found in our system.',
  notAvailableTitle: 'Card Not Available',
  tryAgain: 'Try again',
  // Card face
  cardLabel: 'Card',
  currentBalance: 'Current balance',
  cardNumber: 'Card number',
  cardNumberLabel: 'Card number {{cardUid}}',
  cardHolder: 'Card holder',
  // Card details
  detailsTitle: 'Card details',
  memberTier: 'Member tier',
  email: 'Email',
  phone: 'Phone',
  store: 'Store',
  notAssigned: 'Not assigned',
  activated: 'Activated',
  notActivatedYet: 'Not activated yet',
  // Recent transactions
  recentTitle: 'Recent transactions',
  noTransactions: 'No transactions yet.',
  // Invite a friend
  inviteTitle: 'Invite a friend',
  inviteText: 'Share your link: when a friend joins with it and makes a first purchase, you both get a bonus.',
  inviteLinkLabel: 'Your referral link',
  inviteCopiedStatus: 'Referral link copied to the clipboard',
  inviteCopyFailed: 'Your browser did not allow copying. Select the link and copy it by hand.',
  // Notices
  earnMoreTitle: 'Ready to Earn More?',
  earnMoreShop: 'Shop at <place>{{placeName}}</place> and show this card at checkout: every purchase adds cashback to your balance.',
  earnMoreBusiness: 'Run a business yourself? <signup>Create an account</signup> and start your own cashback programme.',
  securityTitle: 'Security notice',
  securityText: 'Keep your card safe. Anyone holding it can see its balance; staff will never ask for your password.',
});
