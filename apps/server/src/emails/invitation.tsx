import { INVITATION_TTL_DAYS } from '@loyalty/contract';
import { CallToAction, Layout, P } from './layout.tsx';
import { renderEmail, type RenderedEmail } from './render.ts';

/** What the staff invitation shows (issue 16 'Staff invitations'). */
export interface InvitationProps {
  businessName: string;
  firstName: string;
  role: string;
  acceptUrl: string;
}

/** The staff invitation: a link, valid INVITATION_TTL_DAYS days, to choose a password and sign in. */
export function InvitationEmail(props: InvitationProps) {
  return (
    <Layout businessName={props.businessName} preview={`You are invited to ${props.businessName}`}>
      <P>Hello {props.firstName},</P>
      <P>
        {props.businessName} has added you as {props.role} on Loyalty Cards. Choose your password to sign in. The link works for {INVITATION_TTL_DAYS} days.
      </P>
      <CallToAction href={props.acceptUrl} label="Choose my password" />
      <P>If you did not expect this, ignore this e-mail.</P>
    </Layout>
  );
}

/** The staff invitation rendered (subject 'You are invited to {business}'). */
export function renderInvitation(props: InvitationProps): Promise<RenderedEmail> {
  return renderEmail(`You are invited to ${props.businessName}`, <InvitationEmail {...props} />);
}
