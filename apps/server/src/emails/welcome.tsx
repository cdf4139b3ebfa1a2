import { Link } from '@react-email/components';
import { CallToAction, Layout, P } from './layout.tsx';
import { renderEmail, type RenderedEmail } from './render.ts';

/** What the welcome message shows (docs/product.md 'E-mail'): the card, its balance (formatted), its public page with token, the unsubscribe link. */
export interface WelcomeProps {
  businessName: string;
  firstName: string;
  cardUid: string;
  balance: string;
  cardUrl: string;
  /** The card's Apple Wallet pass (the public download with its QR token); absent where no passes are issued. */
  applePassUrl?: string;
  /** While the business runs referrals: the customer's referral link and what a friend's first purchase brings each (formatted). */
  referral?: { link: string; friendBonus: string; referrerBonus: string };
  unsubscribeUrl: string;
}

/** The welcome message when a card is activated to a customer with an e-mail (docs/product.md 'Cards', 'E-mail'). */
function WelcomeEmail(props: WelcomeProps) {
  return (
    <Layout businessName={props.businessName} preview={`Your ${props.businessName} rewards card is ready`} unsubscribeUrl={props.unsubscribeUrl}>
      <P>Hello {props.firstName},</P>
      <P>
        Welcome to {props.businessName} rewards. Your card {props.cardUid} is active: every purchase earns cashback you can spend at the till. Its balance is{' '}
        {props.balance}.
      </P>
      <CallToAction href={props.cardUrl} label="See your card" />
      {props.applePassUrl && (
        <P>
          Keep it on your phone: <Link href={props.applePassUrl}>Add to Apple Wallet</Link>
        </P>
      )}
      {props.referral && (
        <P>
          Invite a friend with your link <Link href={props.referral.link}>{props.referral.link}</Link>: after their first purchase they get{' '}
          {props.referral.friendBonus} and you get {props.referral.referrerBonus}.
        </P>
      )}
    </Layout>
  );
}

/** The welcome message rendered (subject 'Welcome to {business} rewards'). */
export function renderWelcome(props: WelcomeProps): Promise<RenderedEmail> {
  return renderEmail(`Welcome to ${props.businessName} rewards`, <WelcomeEmail {...props} />);
}
