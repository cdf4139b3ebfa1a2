/**
 * The auth module's public face (ADR 0012, ADR 0028). It owns the single-use tokens
 * (`auth_tokens`: set-up, reset and invitation links, pending two-factor sign-ins), the trusted
 * devices of ADR 0009 and the forgot-password requests (ADR 0023), and runs every sign-in: the
 * password and second-factor sign-ins with their throttle, signup, the password policy on every
 * role's own password change, password reset, accepting an invitation, two-factor set-up (ADR
 * 0024). The users module, which auth itself calls, reaches the tokens through `tokens.ts`
 * (importing this file from there would close an import cycle).
 */

export { processPasswordResetRequests } from './password-reset.ts';
export { passwordRoutes } from './password-routes.ts';
export { authRoutes } from './routes.ts';
export { signIn } from './service.ts';
export { twoFactorRoutes } from './two-factor-routes.ts';
export { lockToken, replaceUnusedTokens, spendToken, tokenUsable } from './tokens.ts';
