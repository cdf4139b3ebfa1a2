/**
 * The public-card module's public face: the only file of `modules/public-card/` that the app
 * imports. The module owns no table: it serves the card holder's page behind the card's QR code
 * (`/api/{slug}/c/{uid}`, no login, the QR token checked), with the balance, the recent ledger
 * rows and the cashback about to expire, read through their owners (ADR 0012).
 */
export { publicCardRoutes } from './routes.ts';
