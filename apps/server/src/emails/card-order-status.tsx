import { Layout, P } from './layout.tsx';
import { renderEmail, type RenderedEmail } from './render.ts';

/** The card order steps the owner hears about (docs/product.md 'Card orders', 'E-mail'). */
export type CardOrderStep = 'PAID' | 'SHIPPED' | 'DELIVERED';

/** What a card order status message shows: the order (quantity, kind, total as text) and the step reached. */
export interface CardOrderStatusProps {
  businessName: string;
  firstName: string;
  step: CardOrderStep;
  quantity: number;
  cardType: string;
  total: string;
  orderRef: string;
}

const SUBJECT: Record<CardOrderStep, string> = {
  PAID: 'Your card order is paid',
  SHIPPED: 'Your card order has shipped',
  DELIVERED: 'Your card order has been delivered',
};

const LINE: Record<CardOrderStep, string> = {
  PAID: 'We have your payment and will print your cards now.',
  SHIPPED: 'Your cards are printed and on their way to the shipping address of the order.',
  DELIVERED: 'Your cards have been delivered. They are in your Cards list, ready to be given out.',
};

/** A card order reached `step` (paid, shipped, delivered): to the business's owners. */
function CardOrderStatusEmail(props: CardOrderStatusProps) {
  return (
    <Layout businessName={props.businessName} preview={SUBJECT[props.step]}>
      <P>Hello {props.firstName},</P>
      <P>{LINE[props.step]}</P>
      <P>
        Order {props.orderRef}: {props.quantity} {props.cardType} cards, {props.total}. You can follow it on the Card Orders page.
      </P>
    </Layout>
  );
}

/** The card order status message rendered (subject per step). */
export function renderCardOrderStatus(props: CardOrderStatusProps): Promise<RenderedEmail> {
  return renderEmail(SUBJECT[props.step], <CardOrderStatusEmail {...props} />);
}
