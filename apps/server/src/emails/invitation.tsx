import { INVITATION_TTL_DAYS } from '@loyalty/contract';
import { CallToAction, Layout, P } from './layout.tsx';
import { PRODUCT_NAME, renderEmail, type RenderedEmail } from './render.ts';

/** What the staff invitation shows (docs/product.md 'Accounts and sign-in': the link works 7 days). */
export interface InvitationProps {
  businessName: string;
  firstName: string;
  role: string;
  acceptUrl: string;
  /** Who invited: the Store Admin's (or operator's) name and e-mail. */
  inviterName: string;
  inviterEmail: string;
}

/**
 * The staff invitation: a link, valid INVITATION_TTL_DAYS days, to choose a password and sign in.
 * It names the platform it comes from and who invited (docs/security.md 'Limits that hold'):
 * anyone can start a business on a trial, so the business name alone could pass for anything.
 */
function InvitationEmail(props: InvitationProps) {
  return (
    <Layout
      businessName={props.businessName}
      sender={`${PRODUCT_NAME} on behalf of ${props.businessName}`}
      preview={`${props.inviterName} invited you to ${props.businessName} on ${PRODUCT_NAME}`}
    >
      <P>Hello {props.firstName},</P>
      <P>
        {props.inviterName} ({props.inviterEmail}) has invited you to join {props.businessName} as {props.role} on {PRODUCT_NAME}, the loyalty card service the
        business uses. Choose your password to sign in. The link works for {INVITATION_TTL_DAYS} days.
      </P>
      <CallToAction href={props.acceptUrl} label="Choose my password" />
      <P>If you do not know {props.inviterName} or did not expect this, ignore this e-mail: no account is used until you choose a password.</P>
    </Layout>
  );
}

/** The staff invitation rendered (subject '{inviter} invited you to {business} on Loyalty Cards'). */
export function renderInvitation(props: InvitationProps): Promise<RenderedEmail> {
  return renderEmail(`${props.inviterName} invited you to ${props.businessName} on ${PRODUCT_NAME}`, <InvitationEmail {...props} />);
}
