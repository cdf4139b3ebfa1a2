/**
 * The web app's one i18n layer (ADR 0042): i18next with react-i18next. Every text a person
 * reads comes from a catalog; English is the only language today and its catalog holds the
 * product's texts unchanged (docs/product.md). A catalog belongs to the folder that shows it
 * (`features/pos/messages.ts`, `components/ui/messages.ts`): `defineMessages` registers it
 * when its module loads, so a lazily loaded page brings its own texts. Keys are flat
 * identifiers (no key or namespace separators); values use i18next's `{{name}}` interpolation
 * and `_one` / `_other` plural forms chosen by the `count` value.
 */
import { createInstance } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { initReactI18next, Trans, useTranslation } from 'react-i18next';

/** The languages the app has catalogs for; the first is the default and the fallback. */
const LANGUAGES = ['en'] as const;

/** The app's i18next instance (one per page; tests share it). Initialised synchronously. */
export const i18n = createInstance();
void i18n.use(initReactI18next).init({
  lng: LANGUAGES[0],
  fallbackLng: LANGUAGES[0],
  initAsync: false,
  resources: {},
  // Keys are identifiers, never texts: '.' and ':' inside a text must not split it.
  keySeparator: false,
  nsSeparator: false,
  // React escapes what it renders; escaping here would show '&amp;' to the reader.
  interpolation: { escapeValue: false },
  returnNull: false,
  // A key without a text is a programming error: tests fail on the console.error.
  saveMissing: true,
  missingKeyHandler: (_lngs, ns, key) => console.error(`i18n: no text for ${ns}:${key}`),
});

/** The plural suffixes i18next picks from `count` (Intl.PluralRules categories). */
type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** A catalog key as callers write it: 'items_one' and 'items_other' are both asked for as 'items'. */
export type MessageKey<M> = { [K in keyof M & string]: K extends `${infer Base}_${PluralSuffix}` ? Base : K }[keyof M & string];
/** Values for `{{name}}` placeholders; `count` also picks the plural form. */
export type MessageValues = Record<string, string | number | undefined>;

/** i18next's `t` without its own key typing. */
type PlainT = (key: string, values?: MessageValues) => string;

/** A registered catalog: its namespace and its English texts (the type carries the keys). */
export interface Catalog<M extends Record<string, string>> {
  readonly ns: string;
  readonly en: M;
}

/** Translates a key of one catalog: `t('title')`, `t('cardsLeft', { count: 3 })`. */
export type Translate<M extends Record<string, string>> = (key: MessageKey<M>, values?: MessageValues) => string;

/**
 * Registers the English texts of namespace `ns` (unique in the app) and returns the catalog
 * that `useMessages` and `translate` take. Throws when two catalogs claim one namespace, a
 * mistake that would silently mix their texts (outside the dev server, whose hot reload
 * registers a changed catalog again).
 */
export function defineMessages<const M extends Record<string, string>>(ns: string, en: M): Catalog<M> {
  // The dev server's hot reload evaluates a catalog's module again: that is no second catalog.
  if (import.meta.env.MODE !== 'development' && i18n.hasResourceBundle(LANGUAGES[0], ns) && i18n.getResourceBundle(LANGUAGES[0], ns) !== en) {
    throw new Error(`i18n: two catalogs use the namespace "${ns}"`);
  }
  i18n.addResourceBundle(LANGUAGES[0], ns, en, false, true);
  return { ns, en };
}

/**
 * The `t` of one catalog for a component; re-renders when the language changes. Keys are
 * checked by TypeScript against the catalog.
 */
export function useMessages<M extends Record<string, string>>(catalog: Catalog<M>): Translate<M> {
  const { t } = useTranslation(catalog.ns, { i18n });
  // The catalog's type already checked the key; i18next's own key typing knows no catalogs.
  const plain = t as unknown as PlainT;
  return (key, values) => plain(key, values);
}

/**
 * `t` outside a component (a toast raised by a mutation's callback, a zod message of a form
 * schema), in the current language at the time of the call.
 */
export function translate<M extends Record<string, string>>(catalog: Catalog<M>, key: MessageKey<M>, values?: MessageValues): string {
  return (i18n.getFixedT(null, catalog.ns) as unknown as PlainT)(key, values);
}

/**
 * A text with markup inside, e.g. `'Read the <guide>integration guide</guide>.'` with
 * `components={{ guide: <a href="/docs" /> }}`: the translator moves the tags, React renders
 * the elements with the translated words as their children.
 */
export function RichMessage<M extends Record<string, string>>(props: {
  catalog: Catalog<M>;
  id: MessageKey<M>;
  values?: MessageValues;
  components: Record<string, ReactElement>;
}): ReactNode {
  return <Trans i18n={i18n} ns={props.catalog.ns} i18nKey={props.id} values={props.values} components={props.components} />;
}
