/**
 * Text safe for the PDF standard fonts (WinAnsi): characters outside Latin-1 become '?'
 * rather than garbage glyphs. Embedding a Unicode font is left for later.
 */
export function pdfSafe(text: string): string {
  return text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}
