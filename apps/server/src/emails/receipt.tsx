import { Column, Row, Section } from '@react-email/components';
import { CallToAction, Layout, P } from './layout.tsx';
import { renderEmail, type RenderedEmail } from './render.ts';

/** Which movement a receipt is for (docs/product.md 'E-mail'): a purchase (EARN), a payment with the balance (REDEEM), a refund (REFUND). */
export type ReceiptKind = 'EARN' | 'REDEEM' | 'REFUND';

/**
 * What a receipt shows (docs/product.md 'E-mail'), every amount already formatted ('$12.50'): the
 * movement's `amount` (purchase, payment or refund), `cashback` (earned, or taken back by a
 * refund; absent for a payment), the card's `balance` after it, where and when (the business's
 * time zone), the card's public page and the unsubscribe link.
 */
export interface ReceiptProps {
  businessName: string;
  firstName: string;
  kind: ReceiptKind;
  amount: string;
  cashback?: string;
  balance: string;
  cardUid: string;
  storeName: string | null;
  at: string;
  cardUrl: string;
  unsubscribeUrl: string;
}

/** The subject and the first sentence of each kind of receipt. */
const WORDING: Record<ReceiptKind, { subject: (b: string) => string; lead: (p: ReceiptProps) => string }> = {
  EARN: { subject: (b) => `Your receipt from ${b}`, lead: (p) => `Thank you for your purchase of ${p.amount}.` },
  REDEEM: { subject: (b) => `You paid with your ${b} card`, lead: (p) => `You paid ${p.amount} with your card balance.` },
  REFUND: { subject: (b) => `Your refund from ${b}`, lead: (p) => `${p.amount} of your purchase was refunded.` },
};

/** One label / value line of the receipt's table. */
function Line(props: { label: string; value: string }) {
  return (
    <Row>
      <Column style={{ fontSize: 14, color: '#4b5563', padding: '4px 0' }}>{props.label}</Column>
      <Column style={{ fontSize: 14, color: '#111827', padding: '4px 0', textAlign: 'right' }}>{props.value}</Column>
    </Row>
  );
}

/** A receipt after an earn, a redeem or a refund (docs/product.md 'E-mail'; sent only when the business turned receipts on). */
function ReceiptEmail(props: ReceiptProps) {
  const lines: { label: string; value: string }[] = [
    { label: props.kind === 'REFUND' ? 'Refunded' : props.kind === 'REDEEM' ? 'Paid from your balance' : 'Purchase', value: props.amount },
  ];
  if (props.kind === 'EARN' && props.cashback) lines.push({ label: 'Cashback earned', value: props.cashback });
  if (props.kind === 'REFUND' && props.cashback) lines.push({ label: 'Cashback taken back', value: props.cashback });
  lines.push({ label: 'Card balance', value: props.balance }, { label: 'Card', value: props.cardUid });
  if (props.storeName) lines.push({ label: 'Store', value: props.storeName });
  lines.push({ label: 'Date', value: props.at });
  return (
    <Layout
      businessName={props.businessName}
      preview={`${WORDING[props.kind].lead(props)} Your card balance is ${props.balance}.`}
      unsubscribeUrl={props.unsubscribeUrl}
    >
      <P>Hello {props.firstName},</P>
      <P>{WORDING[props.kind].lead(props)}</P>
      <Section style={{ margin: '8px 0 16px' }}>
        {lines.map((l) => (
          <Line key={l.label} {...l} />
        ))}
      </Section>
      <CallToAction href={props.cardUrl} label="See your card" />
    </Layout>
  );
}

/** The receipt rendered: subject 'Your receipt from {business}', 'You paid with your {business} card' or 'Your refund from {business}'. */
export function renderReceipt(props: ReceiptProps): Promise<RenderedEmail> {
  return renderEmail(WORDING[props.kind].subject(props.businessName), <ReceiptEmail {...props} />);
}
