import {
  WALLET_LOGO_MAX_BYTES,
  WALLET_P12_MAX_BYTES,
  type WalletBrandingRequest,
  type WalletBrandingResponse,
  type WalletLogoRequest,
} from '@loyalty/contract';
import { WCAG_AA_CONTRAST, walletContrastProblems } from '@loyalty/domain';
import { z } from 'zod';
import { translate } from '@/lib/i18n';
import { rulesMessages } from '../messages';
import { text } from './forms';

/** The three colours of a pass, in the form's order. */
const WALLET_COLOUR_FIELDS = ['backgroundColor', 'foregroundColor', 'labelColor'] as const;
export type WalletColourField = (typeof WALLET_COLOUR_FIELDS)[number];

/** The fields of the Wallet form, for the server's field messages (`details`). */
export const WALLET_FIELDS = ['programName', ...WALLET_COLOUR_FIELDS, 'terms'] as const;

/** The `#rrggbb` (lower-case) of a typed colour, '#3730A3' or '3730a3'; null when it is not one. */
export function toHex(value: string): string | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(value.trim());
  return match ? `#${match[1].toLowerCase()}` : null;
}

const colour = z.string().refine((v) => toHex(v) !== null, text('walletColourInvalid'));

/**
 * The Wallet form as typed (docs/product.md 'Wallet passes'): the programme name (empty: the
 * business's name; at most 60 characters), the three colours (`#rrggbb`, the '#' optional) and
 * the terms (empty: none; at most 2000). The contrast rule is checked apart
 * ({@link contrastProblemsOf}), live under the colours and again before a save.
 */
export const WalletForm = z.object({
  programName: z.string().trim().max(60, text('walletNameTooLong')),
  backgroundColor: colour,
  foregroundColor: colour,
  labelColor: colour,
  terms: z.string().trim().max(2000, text('walletTermsTooLong')),
});
export type WalletForm = z.infer<typeof WalletForm>;

/** The form values of a stored look. */
export function toWalletForm(look: WalletBrandingResponse): WalletForm {
  const { programName, backgroundColor, foregroundColor, labelColor, terms } = look;
  return { programName: programName ?? '', backgroundColor, foregroundColor, labelColor, terms: terms ?? '' };
}

/** The PUT body of valid form values: empty texts are null, colours `#rrggbb` lower-case. */
export function toWalletBody(values: WalletForm): WalletBrandingRequest {
  return {
    programName: values.programName.trim() || null,
    backgroundColor: toHex(values.backgroundColor) ?? values.backgroundColor,
    foregroundColor: toHex(values.foregroundColor) ?? values.foregroundColor,
    labelColor: toHex(values.labelColor) ?? values.labelColor,
    terms: values.terms.trim() || null,
  };
}

/** A colour that does not read against the background, with the text shown under it. */
export interface WalletContrastProblem {
  field: 'foregroundColor' | 'labelColor';
  message: string;
}

/**
 * The colours of the form that fail WCAG AA against its background (the server's own check,
 * `walletContrastProblems` of @loyalty/domain: at least 4.5:1), with the screen's message; empty
 * while any colour is not yet a `#rrggbb`.
 */
export function contrastProblemsOf(values: Pick<WalletForm, WalletColourField>): WalletContrastProblem[] {
  const [backgroundColor, foregroundColor, labelColor] = WALLET_COLOUR_FIELDS.map((field) => toHex(values[field]));
  if (!backgroundColor || !foregroundColor || !labelColor) return [];
  return walletContrastProblems({ backgroundColor, foregroundColor, labelColor }).map(({ field, ratio }) => ({
    field,
    message: translate(rulesMessages, field === 'foregroundColor' ? 'walletContrastText' : 'walletContrastLabel', { ratio, min: WCAG_AA_CONTRAST }),
  }));
}

/** The pass colours to preview: each typed colour, or the stored one while the typed one is not a colour yet. */
export function previewColours(values: Pick<WalletForm, WalletColourField>, stored: WalletBrandingResponse): Record<WalletColourField, string> {
  return {
    backgroundColor: toHex(values.backgroundColor) ?? stored.backgroundColor,
    foregroundColor: toHex(values.foregroundColor) ?? stored.foregroundColor,
    labelColor: toHex(values.labelColor) ?? stored.labelColor,
  };
}

/** The logo types the server takes; a file the browser gives no type is judged by its name. */
const LOGO_TYPES: Record<string, WalletLogoRequest['contentType']> = { 'image/png': 'image/png', 'image/svg+xml': 'image/svg+xml' };
const LOGO_EXTENSIONS: Record<string, WalletLogoRequest['contentType']> = { png: 'image/png', svg: 'image/svg+xml' };

/** The logo file's content type, or null when it is neither a PNG nor an SVG. */
export function logoContentType(file: File): WalletLogoRequest['contentType'] | null {
  if (file.type) return LOGO_TYPES[file.type] ?? null;
  return LOGO_EXTENSIONS[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? null;
}

/** Why a chosen logo file is refused before upload (not a PNG or SVG, over 1 MB), or null. */
export function logoFileProblem(file: File): string | null {
  if (!logoContentType(file)) return translate(rulesMessages, 'walletLogoType');
  if (file.size > WALLET_LOGO_MAX_BYTES) return translate(rulesMessages, 'walletLogoTooLarge');
  return null;
}

/** Why a chosen .p12 file is refused before upload (over 100 kB, WALLET_P12_MAX_BYTES), or null. */
export function certificateFileProblem(file: File): string | null {
  return file.size > WALLET_P12_MAX_BYTES ? translate(rulesMessages, 'walletCertificateTooLarge') : null;
}

/** The file's bytes in base64 (FileReader's data URL without its `data:…;base64,` head). */
export function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * Where this page loads the logo from: the server names it under its public address (Google
 * fetches it there), the page takes the same path on its own origin, which its content policy
 * allows. Null without a logo.
 */
export function logoSrcOf(logoUrl: string | null): string | null {
  if (!logoUrl) return null;
  const url = new URL(logoUrl, window.location.origin);
  return `${url.pathname}${url.search}`;
}
