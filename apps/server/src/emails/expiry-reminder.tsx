import { CallToAction, Layout, P } from './layout.tsx';
import { renderEmail, type RenderedEmail } from './render.ts';

/** What an expiry reminder shows (docs/product.md 'Expiry', 'E-mail'): the amount, the card, the date (the business's zone), links. */
export interface ExpiryReminderProps {
  businessName: string;
  firstName: string;
  amount: string;
  cardUid: string;
  expiresOn: string;
  cardUrl: string;
  unsubscribeUrl: string;
}

/** Cashback about to expire: sent 7 days before, once per card and expiry date. */
function ExpiryReminderEmail(props: ExpiryReminderProps) {
  return (
    <Layout businessName={props.businessName} preview={`${props.amount} of your cashback expires on ${props.expiresOn}`} unsubscribeUrl={props.unsubscribeUrl}>
      <P>Hello {props.firstName},</P>
      <P>
        {props.amount} of the cashback on your card {props.cardUid} expires on {props.expiresOn}. Spend it at {props.businessName} before then.
      </P>
      <CallToAction href={props.cardUrl} label="See your card" />
    </Layout>
  );
}

/** The expiry reminder rendered (subject 'Your cashback expires on {date}'). */
export function renderExpiryReminder(props: ExpiryReminderProps): Promise<RenderedEmail> {
  return renderEmail(`Your cashback expires on ${props.expiresOn}`, <ExpiryReminderEmail {...props} />);
}
