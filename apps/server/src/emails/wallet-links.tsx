import { Link } from '@react-email/components';
import { CallToAction, Layout, P } from './layout.tsx';
import { renderEmail, type RenderedEmail } from './render.ts';

/**
 * What the wallet links message shows (docs/product.md 'Wallet passes', 'E-mail'): the card, its
 * public page (with its QR token, where the wallet buttons also are), the card's Apple Wallet pass
 * (the public download with the same token; absent where the install issues no Apple passes) and
 * the unsubscribe link.
 */
export interface WalletLinksProps {
  businessName: string;
  firstName: string;
  cardUid: string;
  cardUrl: string;
  /** `{PUBLIC_URL}/api/{slug}/c/{cardUid}/wallet/apple?t={token}`; absent where no Apple passes are issued. */
  applePassUrl?: string;
  unsubscribeUrl: string;
}

/** The message a staff member sends from Card Details so the holder can put the card in their phone's wallet. */
function WalletLinksEmail(props: WalletLinksProps) {
  return (
    <Layout businessName={props.businessName} preview={`Your ${props.businessName} card in your phone's wallet`} unsubscribeUrl={props.unsubscribeUrl}>
      <P>Hello {props.firstName},</P>
      <P>
        As you asked, here are the links to keep your {props.businessName} card {props.cardUid} in your phone&apos;s wallet.
      </P>
      {props.applePassUrl && (
        <P>
          On an iPhone: <Link href={props.applePassUrl}>Add to Apple Wallet</Link>
        </P>
      )}
      <P>{props.applePassUrl ? 'Your card’s page shows its balance and the wallet button too:' : 'Your card’s page shows its balance and its QR code:'}</P>
      <CallToAction href={props.cardUrl} label="See your card" />
    </Layout>
  );
}

/** The wallet links message rendered, HTML and plain text (subject "Your {business} card in your phone's wallet"). */
export function renderWalletLinks(props: WalletLinksProps): Promise<RenderedEmail> {
  return renderEmail(`Your ${props.businessName} card in your phone's wallet`, <WalletLinksEmail {...props} />);
}
