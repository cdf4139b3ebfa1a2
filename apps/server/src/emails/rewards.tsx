import { CallToAction, Layout, P } from './layout.tsx';
import { renderEmail, type RenderedEmail } from './render.ts';

/** What the birthday message shows (docs/product.md 'Rewards'): the reward (formatted), the card's page, the unsubscribe link. */
export interface BirthdayProps {
  businessName: string;
  firstName: string;
  amount: string;
  cardUrl: string;
  unsubscribeUrl: string;
}

/** 'Happy birthday': the birthday reward was credited to the customer's card. */
function BirthdayEmail(props: BirthdayProps) {
  return (
    <Layout businessName={props.businessName} preview={`Happy birthday! ${props.amount} is on your card`} unsubscribeUrl={props.unsubscribeUrl}>
      <P>Happy birthday, {props.firstName}!</P>
      <P>
        To celebrate, {props.businessName} has put {props.amount} on your rewards card. Spend it on your next visit.
      </P>
      <CallToAction href={props.cardUrl} label="See your card" />
    </Layout>
  );
}

/** The birthday message rendered (subject 'Happy birthday from {business}'). */
export function renderBirthday(props: BirthdayProps): Promise<RenderedEmail> {
  return renderEmail(`Happy birthday from ${props.businessName}`, <BirthdayEmail {...props} />);
}

/** What the win-back offer shows (docs/product.md 'Rewards'): the bonus (formatted), the last day (the business's zone), links. */
export interface WinBackProps {
  businessName: string;
  firstName: string;
  amount: string;
  validUntil: string;
  cardUrl: string | null;
  unsubscribeUrl: string;
}

/** 'We miss you': a bonus on the next purchase within the offer's window. */
function WinBackEmail(props: WinBackProps) {
  return (
    <Layout businessName={props.businessName} preview={`${props.amount} extra on your next purchase`} unsubscribeUrl={props.unsubscribeUrl}>
      <P>Hello {props.firstName},</P>
      <P>
        We miss you at {props.businessName}. Make a purchase by {props.validUntil} and we will add {props.amount} to your rewards card on top of your usual
        cashback.
      </P>
      {props.cardUrl && <CallToAction href={props.cardUrl} label="See your card" />}
    </Layout>
  );
}

/** The win-back offer rendered (subject '{amount} extra on your next purchase at {business}'). */
export function renderWinBack(props: WinBackProps): Promise<RenderedEmail> {
  return renderEmail(`${props.amount} extra on your next purchase at ${props.businessName}`, <WinBackEmail {...props} />);
}
