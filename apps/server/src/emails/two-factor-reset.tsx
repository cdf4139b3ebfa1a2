import { Layout, P } from './layout.tsx';
import { renderEmail, type RenderedEmail } from './render.ts';

/** Who reset it, as the message names them. */
export type TwoFactorResetBy = 'store_admin' | 'operator';

/**
 * 'Your two-factor authentication was reset' (ADR 0024): a Store Admin reset a cashier's, or the
 * platform operator a Store Admin's. The next sign-in asks for the password only (or for a new
 * set-up where the operator requires two-factor); the old authenticator entry and recovery codes
 * no longer work.
 */
function TwoFactorResetEmail(props: { businessName: string; firstName: string; by: TwoFactorResetBy }) {
  const who = props.by === 'operator' ? 'the platform operator' : `a Store Admin of ${props.businessName}`;
  return (
    <Layout businessName={props.businessName} preview="Your two-factor authentication was reset">
      <P>Hello {props.firstName},</P>
      <P>Two-factor authentication on your account was reset by {who}. The codes of your authenticator app and your recovery codes no longer work.</P>
      <P>You can turn two-factor authentication on again in your Profile after you sign in.</P>
      <P>If you did not ask for this, tell your Store Admin or the platform operator at once.</P>
    </Layout>
  );
}

/** The reset message rendered (subject 'Your two-factor authentication was reset'): see TwoFactorResetEmail. */
export function renderTwoFactorReset(props: { businessName: string; firstName: string; by: TwoFactorResetBy }): Promise<RenderedEmail> {
  return renderEmail('Your two-factor authentication was reset', <TwoFactorResetEmail {...props} />);
}
