import { Layout, P } from './layout.tsx';
import { renderEmail, type RenderedEmail } from './render.ts';

/** What the 'webhook endpoint disabled' message shows: the endpoint's URL and since when its deliveries have failed (a UTC date, e.g. '2025-03-01'). */
export interface WebhookDisabledProps {
  businessName: string;
  firstName: string;
  url: string;
  failingSince: string;
}

const SUBJECT = 'A webhook endpoint was disabled';

/**
 * A webhook endpoint was disabled after 5 days of failed deliveries (docs/product.md
 * 'API keys and webhooks': an endpoint failing for 5 days is disabled and its Store Admins e-mailed): to the business's Store Admins.
 */
function WebhookDisabledEmail(props: WebhookDisabledProps) {
  return (
    <Layout businessName={props.businessName} preview={SUBJECT}>
      <P>Hello {props.firstName},</P>
      <P>
        Every delivery to your webhook endpoint {props.url} has failed since {props.failingSince}, so after 5 days we have disabled it. Events are no longer
        sent to it.
      </P>
      <P>
        Check that the address is right and that your server answers with a 2xx status, then turn the endpoint back on under Integrations, Webhooks. The
        delivery log there shows each failed attempt and lets you send an event again.
      </P>
    </Layout>
  );
}

/** The 'webhook endpoint disabled' message rendered. */
export function renderWebhookDisabled(props: WebhookDisabledProps): Promise<RenderedEmail> {
  return renderEmail(SUBJECT, <WebhookDisabledEmail {...props} />);
}
