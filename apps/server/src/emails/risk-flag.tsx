import { CallToAction, Layout, P } from './layout.tsx';
import { renderEmail, type RenderedEmail } from './render.ts';

/** What a velocity-limit flag message shows: the card, the limit crossed (as text) and where to review it. */
export interface RiskFlagProps {
  businessName: string;
  firstName: string;
  cardUid: string;
  /** The limit crossed, as the refusal would name it ('Limit reached: 5 earns per card a day'). */
  limitText: string;
  /** The business day, YYYY-MM-DD. */
  day: string;
  reviewUrl: string;
}

const SUBJECT = 'A card needs your review';

/** A card crossed a velocity limit set to flag (docs/product.md 'Velocity limits'): to the business's Store Admins, at most once per card a day. */
function RiskFlagEmail(props: RiskFlagProps) {
  return (
    <Layout businessName={props.businessName} preview={SUBJECT}>
      <P>Hello {props.firstName},</P>
      <P>
        Card {props.cardUid} crossed one of your limits on {props.day}: {props.limitText}. The movement went through and is waiting for your review.
      </P>
      <P>On the Review page you can dismiss the flag or block the card.</P>
      <CallToAction href={props.reviewUrl} label="Open the Review list" />
    </Layout>
  );
}

/** The velocity-limit flag message rendered. */
export function renderRiskFlag(props: RiskFlagProps): Promise<RenderedEmail> {
  return renderEmail(SUBJECT, <RiskFlagEmail {...props} />);
}
