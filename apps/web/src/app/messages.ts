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
  signOutUnsyncedTitle_one: 'Sign out with {{count}} unsynced movement?',
  signOutUnsyncedTitle_other: 'Sign out with {{count}} unsynced movements?',
  signOutUnsyncedBody_one:
    '{{count}} movement made on this till (a purchase or a redemption) has not reached the server yet. It stays on this till and is sent when someone signs in to this business here again.',
  signOutUnsyncedBody_other:
    '{{count}} movements made on this till (purchases or redemptions) have not reached the server yet. They stay on this till and are sent when someone signs in to this business here again.',
  signOutAnyway: 'Sign out anyway',
  staySignedIn: 'Stay signed in',
  subscriptionRequired: 'Subscription required',
  goBack: 'Go Back',
  noPermission: "You don't have permission to access this page.",
});
