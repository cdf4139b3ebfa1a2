import type { ReactElement } from 'react';
import { render } from '@react-email/render';

/** The product's name: the sender's name of platform mail (a platform admin's password reset). */
export const PRODUCT_NAME = 'Loyalty Cards';

/** A rendered message: subject, HTML and plain text, from one React Email element. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * Renders `element` (a template of src/emails) to HTML and to plain text (React Email's
 * `render`, its `plainText` option for the text part), with `subject` (docs/product.md 'E-mail': the Outbox shows it rendered).
 */
export async function renderEmail(subject: string, element: ReactElement): Promise<RenderedEmail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}
