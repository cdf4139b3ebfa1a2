import { CallToAction, Layout, P } from './layout.tsx';
import { renderEmail, type RenderedEmail } from './render.ts';

/** What the sign-up confirmation shows (docs/product.md 'Online sign-up'): the store and the 24-hour link that creates the card. */
export interface JoinConfirmationProps {
  businessName: string;
  firstName: string;
  storeName: string;
  confirmUrl: string;
}

/** The confirmation of a sign-up from a store's join page: one link creates the customer and the card. */
function JoinConfirmationEmail(props: JoinConfirmationProps) {
  return (
    <Layout businessName={props.businessName} preview={`Confirm your e-mail to get your ${props.businessName} card`}>
      <P>Hello {props.firstName},</P>
      <P>
        Thank you for joining {props.businessName} rewards at {props.storeName}. Confirm your e-mail address to get your card: it shows a QR code the cashier
        scans, and every purchase earns cashback.
      </P>
      <CallToAction href={props.confirmUrl} label="Get my card" />
      <P>The link works for 24 hours. If you did not sign up, ignore this e-mail: nothing happens without the link.</P>
    </Layout>
  );
}

/** The confirmation rendered (subject 'Confirm your e-mail to get your {business} card'). */
export function renderJoinConfirmation(props: JoinConfirmationProps): Promise<RenderedEmail> {
  return renderEmail(`Confirm your e-mail to get your ${props.businessName} card`, <JoinConfirmationEmail {...props} />);
}

/** What 'already a member' shows: where to find the card the address already has. */
export interface AlreadyMemberProps {
  businessName: string;
  firstName: string;
  /** The public page of the member's card (with token), or null when they hold no active card. */
  cardUrl: string | null;
}

/** Sent instead of a confirmation when the address signing up is already a customer (docs/product.md 'Online sign-up': told by e-mail, never on screen). */
function AlreadyMemberEmail(props: AlreadyMemberProps) {
  return (
    <Layout businessName={props.businessName} preview={`You're already a member of ${props.businessName} rewards`}>
      <P>Hello {props.firstName},</P>
      <P>Someone, probably you, asked to join {props.businessName} rewards with this e-mail address. You're already a member, so there is nothing to do.</P>
      {props.cardUrl ? <CallToAction href={props.cardUrl} label="See your card" /> : <P>Ask at the till for your card.</P>}
      <P>If it was not you, ignore this e-mail.</P>
    </Layout>
  );
}

/** 'Already a member' rendered (subject "You're already a member"). */
export function renderAlreadyMember(props: AlreadyMemberProps): Promise<RenderedEmail> {
  return renderEmail("You're already a member", <AlreadyMemberEmail {...props} />);
}
