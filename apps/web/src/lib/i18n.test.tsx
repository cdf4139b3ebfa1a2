import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { defineMessages, i18n, RichMessage, translate, useMessages } from './i18n';

const catalog = defineMessages('i18nTest', {
  title: 'Point of sale',
  greeting: 'Welcome, {{name}}!',
  cards_one: '{{count}} card',
  cards_other: '{{count}} cards',
  guide: 'Read the <guide>integration guide</guide> first.',
  erase: 'Erase <strong>{{name}}</strong> for good?',
  markup: 'Tom & Jerry <3',
});

function Sample({ name, count }: { name: string; count: number }) {
  const t = useMessages(catalog);
  return (
    <div>
      <h1>{t('title')}</h1>
      <p>{t('greeting', { name })}</p>
      <p>{t('cards', { count })}</p>
      <p>{t('markup')}</p>
      <RichMessage catalog={catalog} id="guide" components={{ guide: <a href="/docs/integrations" /> }} />
      <p data-testid="erase">
        <RichMessage catalog={catalog} id="erase" values={{ name }} components={{ strong: <strong /> }} />
      </p>
    </div>
  );
}

describe('the i18n layer', () => {
  afterEach(() => vi.restoreAllMocks());

  it('renders the catalog texts with placeholders, plural forms and markup', () => {
    render(<Sample name="Ada <strong>x</strong>" count={1} />);
    expect(screen.getByRole('heading', { name: 'Point of sale' })).toBeInTheDocument();
    // React escapes; i18next must not escape a second time.
    expect(screen.getByText('Welcome, Ada <strong>x</strong>!')).toBeInTheDocument();
    expect(screen.getByText('1 card')).toBeInTheDocument();
    expect(screen.getByText('Tom & Jerry <3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'integration guide' })).toHaveAttribute('href', '/docs/integrations');
    // A name with markup in it stays text inside the emphasis, not a tag.
    expect(screen.getByTestId('erase')).toHaveTextContent('Erase Ada <strong>x</strong> for good?');
    expect(screen.getByTestId('erase').querySelector('strong')).toHaveTextContent('Ada <strong>x</strong>');
  });

  it('picks the plural form from count', () => {
    render(<Sample name="Bo" count={3} />);
    expect(screen.getByText('3 cards')).toBeInTheDocument();
    expect(translate(catalog, 'cards', { count: 0 })).toBe('0 cards');
  });

  it('translates outside components in the current language', () => {
    expect(i18n.language).toBe('en');
    expect(translate(catalog, 'greeting', { name: 'Cy' })).toBe('Welcome, Cy!');
  });

  it('reports a key that has no text and refuses a second catalog in one namespace', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    // @ts-expect-error the key is not in the catalog: TypeScript refuses it, the layer reports it.
    expect(translate(catalog, 'missing')).toBe('missing');
    expect(error).toHaveBeenCalledWith('i18n: no text for i18nTest:missing');
    expect(() => defineMessages('i18nTest', { title: 'Other' })).toThrow('two catalogs use the namespace "i18nTest"');
  });
});
