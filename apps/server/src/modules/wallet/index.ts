/**
 * The wallet module's public face (docs/product.md 'Wallet passes'): a card in the phone's
 * wallet. It owns `wallet_passes` (one row per pass handed out: its random serial number and
 * the hash of its web-service token) and `wallet_dev_identities` (the development signing
 * identity). Apple passes are `storeCard` `.pkpass` files built and signed with
 * passkit-generator, with the platform's Pass Type ID certificate (WALLET_APPLE_*, checked by
 * config.ts) or, outside production without one, a development identity the install makes for
 * itself (dev-identity.ts, ADR 0046). Downloads: the staff's and the customer's under
 * /api/t/{slug} (`walletRoutes`), and the public one with the card's QR token under /api
 * (`publicWalletRoutes`). Apple's PassKit web service (`walletWebServiceRoutes`, under
 * /api/wallet/apple) keeps installed passes current: `wallet_registrations` holds each device's
 * registration and push token, and database triggers (migration 0033) move a pass's
 * `updated_at` whenever what it shows changes; the push worker (`startWalletPushWorker`) then
 * sends each registered device an empty APNs push (apns.ts, push-passes.ts).
 */
export { publicWalletRoutes, walletRoutes } from './routes.ts';
export { walletWebServiceRoutes } from './web-service-routes.ts';
export { startWalletPushWorker } from './push-job.ts';
