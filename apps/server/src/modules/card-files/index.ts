/**
 * The card-files module's public face: the only file of `modules/card-files/` that the app
 * imports. The module owns no table: it renders a tenant's cards as files (a single QR image,
 * the bulk QR zip, print-ready PDF sheets, and a store's join poster), each lookup scoped to the
 * request's tenant (another tenant's card is 404 like an unknown one).
 */
export { cardFileRoutes } from './routes.ts';
