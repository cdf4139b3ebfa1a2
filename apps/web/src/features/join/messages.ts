import { defineMessages } from '@/lib/i18n';

/** The texts of the online sign-up pages (ADR 0042), grouped by screen. */
export const joinMessages = defineMessages('join', {
  // Join page
  unavailable: 'This sign-up page is not available',
  unavailableHelp: 'Ask a member of staff for your rewards card at the till.',
  loadFailed: 'Could not load this page',
  loadFailedFallback: 'Please check your connection and try again.',
  loading: 'Loading',
  title: 'Join {{businessName}} rewards',
  intro: 'Get your card on your phone in a minute and earn cashback on every purchase.',
  invited: 'You were invited by a friend: you both get a bonus after your first purchase.',
  invitedBy: '{{name}} invited you: you both get a bonus after your first purchase.',
  noEmail: 'No e-mail? Check your spam folder.',
  // Join form
  formLabel: 'Join our rewards',
  firstNameLabel: 'First name',
  lastNameLabel: 'Last name',
  emailLabel: 'Email',
  emailPlaceholder: 'you@example.com',
  emailHint: 'We send your card here.',
  phoneLabel: 'Phone (optional)',
  consentLabel: 'I agree to receive my card and messages from {{businessName}} by e-mail. I can unsubscribe at any time.',
  submit: 'Join',
  sendFailed: 'Could not send your sign-up. Please check your connection and try again.',
  // Confirm page
  confirmLinkInvalid: 'This link is not valid. Please sign up again.',
  confirmFailed: 'Could not create your card. Please check your connection and open the link again.',
  confirmHelp: 'Ask a member of staff at the till if you need help.',
  confirmCreating: 'Creating your card',
  confirmWelcome: 'Welcome, {{firstName}}!',
  confirmReady: 'Your {{businessName}} rewards card is ready.',
  confirmReadyAt: 'Your {{businessName}} rewards card is ready (joined at {{storeName}}).',
  confirmQrLabel: 'QR code of card {{cardUid}}',
  confirmShowCode: 'Show this code at the till: the cashier scans it and your cashback starts now.',
  confirmCardNumber: 'Card number',
  confirmBalance: 'Balance',
  confirmOpenCard: 'Open your card page',
  confirmEmailed: 'We have also e-mailed you the link to your card. Save it, or add this page to your home screen.',
  // QR code
  qrDrawing: 'Drawing the QR code',
});
