-- docs/product.md 'Card orders': one spelling of CANCELED everywhere. Card orders said CANCELLED while checkouts
-- and subscriptions say CANCELED; the contract's CardOrderStatus now says CANCELED, so the
-- rows already cancelled are renamed. Data only: card_orders.status is plain text.
UPDATE "card_orders" SET "status" = 'CANCELED' WHERE "status" = 'CANCELLED';
