/**
 * The users module's public face (ADR 0012, ADR 0028). It owns `users` (every login: staff,
 * customers, the operator) and `sessions`: staff management (list, create with a password or an
 * invitation, update, password, two-factor reset, resend and revoke an invitation), the login
 * accounts that sign-in, signup, the set-up link and the operator use, the two-factor state on
 * the users row (ADR 0024) and the session store handed to http/ (wiring.ts). Read-only counts
 * for the modules users itself depends on (stores, audit) are in views.ts.
 */

export {
  completeInvitation,
  detachPlatformAdmins,
  findLoginAccount,
  findPasswordAccount,
  insertAccount,
  invitedAccount,
  platformAdminExists,
  recordLogin,
  removeCustomerLogins,
  swapPasswordHash,
  tenantAdminContacts,
  userIdByEmail,
} from './accounts.ts';
export { resetStaffTwoFactor } from './reset-staff-two-factor.ts';
export { nonCustomerUserCount, nonCustomerUserCountsByTenant, tenantIdsWithAdminEmailContaining, tenantOwners, userNames } from './views.ts';
export { userRoutes } from './routes.ts';
export { applySessionTimeout, endOtherSessions, endSession, type NewSession, sessionStore, startSession } from './sessions.ts';
export {
  claimTotpStep,
  hasTwoFactor,
  saveTwoFactorSecret,
  spendRecoveryCode,
  tenantAdmins,
  turnOffTwoFactor,
  turnOnTwoFactor,
  twoFactorAccount,
} from './two-factor.ts';
