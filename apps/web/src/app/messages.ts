import { defineMessages } from '@/lib/i18n';

/** The app shell's texts: start-up, the error page, the layouts' navigation and header (ADR 0042). */
export const appMessages = defineMessages('app', {
  loadingSession: 'Loading session',
  errorTitle: 'Something went wrong',
  errorHint: 'An unexpected error occurred. Please try refreshing the page.',
  errorDetails: 'Error details',
  reloadPage: 'Reload Page',
  mainNav: 'Main',
  accountNav: 'Account',
  profile: 'Profile',
  menu: 'Menu',
  closeMenu: 'Close menu',
  openMenu: 'Open menu',
  yourProfile: 'Your profile',
  signOut: 'Sign out',
  subscriptionRequired: 'Subscription required',
  goBack: 'Go Back',
  noPermission: "You don't have permission to access this page.",
});
