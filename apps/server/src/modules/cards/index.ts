/**
 * The cards module's public face: the only file of `modules/cards/` that other modules and the
 * app import, besides `views.ts` (read-only counts and lists for the customers and stores
 * modules, which the cards module itself depends on: importing this file from them would close
 * an import cycle). The module owns the `cards` table: QR-coded loyalty cards, their QR token,
 * the POS lookup and the Cards page (list, batch, activate, block, store move), the digital
 * card of a self-enrolment, and the cards of a card order or of an erased customer. Card quota
 * is decided by the tenants module under its tenant-row lock (ADR 0005); a card's
 * balance is written by the ledger (ADR 0028).
 */
export { type WelcomeBonus } from './activate-card.ts';
export { loadCardRow, type CardRow, type QrContext } from './card-rows.ts';
export { blockCardIn } from './toggle-card-block.ts';
export { insertUnassignedCards } from './create-card-batch.ts';
export { blockCardsForErasure, lockCardsOfCustomer } from './erase-cards.ts';
export { findCardRow, getCardView } from './get-card.ts';
export { activeCardUrlOfCustomer, assertOnlineCardRoom, digitalCardView, issueDigitalCard } from './issue-digital-card.ts';
export { deleteCardsOfOrder, lockCardsOfOrder } from './order-cards.ts';
export { cardQrUrl, signCardToken, verifyCardToken } from './qr-token.ts';
export { cardRoutes } from './routes.ts';
export {
  activeCardStoreOfCustomer,
  cardCountsByTenant,
  countCardsCreated,
  cardsOfCustomer,
  cardStateByUid,
  cardUidAndHolder,
  cardStates,
  cardUids,
  customerCards,
  existingCardUids,
  tenantCardUid,
} from './views.ts';
