import type { ReactNode } from 'react';
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';

/**
 * The frame of every message (docs/product.md 'E-mail'): the business's name as the heading (the
 * platform's name for platform mail), the content, and a footer naming the sender (`sender`,
 * default the business); for customer messages the
 * footer carries the one-click unsubscribe link. One React Email source gives both the HTML and
 * the plain text (render.ts).
 */
export function Layout(props: { businessName: string; preview: string; unsubscribeUrl?: string; sender?: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: '#f4f4f5', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', borderRadius: 8, padding: 32, maxWidth: 560 }}>
          <Heading as="h1" style={{ fontSize: 20, margin: '0 0 16px', color: '#111827' }}>
            {props.businessName}
          </Heading>
          <Section>{props.children}</Section>
          <Hr style={{ borderColor: '#e5e7eb', margin: '24px 0 12px' }} />
          <Text style={{ fontSize: 12, color: '#6b7280', margin: 0 }}>
            Sent by {props.sender ?? props.businessName}.
            {props.unsubscribeUrl ? (
              <>
                {' '}
                <Link href={props.unsubscribeUrl} style={{ color: '#6b7280' }}>
                  Unsubscribe
                </Link>{' '}
                from these e-mails.
              </>
            ) : null}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The message's one button to `href`, then the same address written out for clients that hide buttons. */
export function CallToAction(props: { href: string; label: string }) {
  return (
    <>
      <Button href={props.href} style={{ backgroundColor: '#111827', color: '#ffffff', padding: '12px 20px', borderRadius: 6, fontSize: 15 }}>
        {props.label}
      </Button>
      <P>
        Or open this address: <Link href={props.href}>{props.href}</Link>
      </P>
    </>
  );
}

/** A paragraph of body text. */
export function P(props: { children: ReactNode }) {
  return <Text style={{ fontSize: 15, lineHeight: '22px', color: '#111827' }}>{props.children}</Text>;
}
