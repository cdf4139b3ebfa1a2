import { CallToAction, Layout, P } from './layout.tsx';
import { renderEmail, type RenderedEmail } from './render.ts';

/** The password reset message (docs/product.md 'Accounts and sign-in'): a single-use link valid for one hour. */
function PasswordResetEmail(props: { businessName: string; firstName: string; resetUrl: string }) {
  return (
    <Layout businessName={props.businessName} preview="Reset your password">
      <P>Hello {props.firstName},</P>
      <P>Someone asked to reset the password of your account. If it was you, choose a new password here. The link works once, for one hour.</P>
      <CallToAction href={props.resetUrl} label="Choose a new password" />
      <P>If you did not ask for this, ignore this e-mail: your password stays as it is.</P>
    </Layout>
  );
}

/** The password reset message rendered (subject 'Reset your password'): see PasswordResetEmail. */
export function renderPasswordReset(props: { businessName: string; firstName: string; resetUrl: string }): Promise<RenderedEmail> {
  return renderEmail('Reset your password', <PasswordResetEmail {...props} />);
}
