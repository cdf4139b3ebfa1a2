import { wcagContrast } from 'culori';

/** The contrast WCAG 2 level AA asks of normal text against its background. */
export const WCAG_AA_CONTRAST = 4.5;

/** One colour of a pass that does not read against its background: which, and its ratio (e.g. 2.1 for 2.1:1). */
export interface ContrastProblem {
  field: 'foregroundColor' | 'labelColor';
  ratio: number;
  message: string;
}

/**
 * The wallet pass colours that fail WCAG AA against `backgroundColor` (docs/product.md 'Wallet
 * passes'): the text (`foregroundColor`) and the labels (`labelColor`) each need a contrast
 * of at least 4.5:1 (culori's `wcagContrast`, the WCAG 2 relative-luminance ratio). Colours are
 * `#rrggbb`. Returns one problem per failing colour, with the ratio rounded down to one decimal
 * and the message the screens show; empty when all read.
 */
export function walletContrastProblems(colours: { backgroundColor: string; foregroundColor: string; labelColor: string }): ContrastProblem[] {
  const names = { foregroundColor: 'text', labelColor: 'label' } as const;
  return (['foregroundColor', 'labelColor'] as const).flatMap((field) => {
    const ratio = Math.floor(wcagContrast(colours[field], colours.backgroundColor) * 10) / 10;
    if (ratio >= WCAG_AA_CONTRAST) return [];
    return [{ field, ratio, message: `The ${names[field]} colour's contrast with the background is ${ratio}:1; WCAG AA needs at least ${WCAG_AA_CONTRAST}:1` }];
  });
}
