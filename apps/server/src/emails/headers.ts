/**
 * The headers of a customer message (docs/product.md 'E-mail': customers may opt out; RFC 8058 one-click unsubscribe):
 * `List-Unsubscribe` with the API address a mail client POSTs to, and `List-Unsubscribe-Post`.
 */
export function unsubscribeHeaders(apiUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${apiUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
