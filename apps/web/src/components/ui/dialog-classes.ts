import { cva, type VariantProps } from 'class-variance-authority';

/** The overlay (backdrop) of every modal dialog: dims the page, centres the panel (bottom sheet on phones). */
export const OVERLAY_CLASS = 'fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 p-0 backdrop-blur-[1px] sm:items-center sm:p-4';

/**
 * The panel of every modal dialog by width from `sm` up (cva): sm 28rem, md 32rem, lg 42rem,
 * xl 48rem, 2xl 64rem; full width on phones.
 */
export const panelVariants = cva('relative flex max-h-[92vh] w-full flex-col rounded-t-2xl bg-white shadow-xl outline-none sm:rounded-2xl', {
  variants: {
    size: { sm: 'sm:max-w-md', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl', xl: 'sm:max-w-3xl', '2xl': 'sm:max-w-5xl' },
  },
});

/** The panel widths a dialog accepts. */
export type PanelSize = NonNullable<VariantProps<typeof panelVariants>['size']>;

/** The footer row of every modal dialog: buttons right-aligned, visible while the body scrolls. */
export const FOOTER_CLASS = 'flex flex-wrap justify-end gap-2 border-t border-slate-100 bg-slate-50/60 px-5 py-3 sm:rounded-b-2xl';
