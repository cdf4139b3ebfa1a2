/**
 * The enrolment module's public face: the only file of `modules/enrolment/` that other modules,
 * the app and the test helpers import. The module owns `enrolment_requests`: a customer's
 * sign-up from a store's join page, confirmed by an e-mailed link, which creates the customer and
 * a digital card in one transaction (docs/product.md 'Online sign-up'); the join form's proof of
 * work (ADR 0027); the consents a sign-up recorded, for the data export; and the purge of stale
 * sign-ups.
 */
export type { ChallengeCost } from './altcha.ts';
export { enrolmentRoutes } from './routes.ts';
export { pendingReferralSignUpsByMonth } from './referral-page.ts';
export { consentsOf, forgetEnrolments, purgeStaleEnrolments } from './service.ts';
