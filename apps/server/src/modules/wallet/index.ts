/**
 * The wallet module's public face (docs/product.md 'Wallet passes'): a card in the phone's
 * wallet. It owns `wallet_passes` (one row per pass handed out: its random serial number and
 * the hash of its web-service token) and `wallet_dev_identities` (the development signing
 * identity). Apple passes are `storeCard` `.pkpass` files built and signed with
 * passkit-generator, with the platform's Pass Type ID certificate (WALLET_APPLE_*, checked by
 * config.ts) or, outside production without one, a development identity the install makes for
 * itself (dev-identity.ts, ADR 0046). Downloads: the staff's and the customer's under
 * /api/t/{slug} (`walletRoutes`), and the public one with the card's QR token under /api
 * (`publicWalletRoutes`). Staff e-mail a holder the card's wallet links from Card Details
 * (`walletEmailRoutes`, POST /api/t/{slug}/cards/{cardUid}/wallet/email: an outbox message with
 * the public pass download and the card's page). Apple's PassKit web service (`walletWebServiceRoutes`, under
 * /api/wallet/apple) keeps installed passes current: `wallet_registrations` holds each device's
 * registration and push token, and database triggers (migration 0033) move a pass's
 * `updated_at` whenever what it shows changes; the push worker (`startWalletPushWorker`) then
 * sends each registered device an empty APNs push (apns.ts, push-passes.ts). Google Wallet
 * (ADR 0047): 'Save to Google Wallet' links carry the business's class and the card's object in
 * a JWT signed by the platform's service account (`googleWalletRoutes`,
 * `publicGoogleWalletRoutes`); `wallet_google_objects` remembers each card's object, moved by the
 * same triggers, and the same worker PATCHes changed objects through Google's REST API
 * (google-sync.ts).
 */
export { publicWalletRoutes, walletRoutes } from './routes.ts';
export { walletEmailRoutes } from './email-routes.ts';
export { walletWebServiceRoutes } from './web-service-routes.ts';
export { googleWalletRoutes, publicGoogleWalletRoutes } from './google-routes.ts';
export { publicWalletLogoRoutes, walletBrandingRoutes } from './branding-routes.ts';
export { startWalletPushWorker } from './push-job.ts';
