import { useState, type ReactNode, type Ref } from 'react';
import { normalizeCardUid } from '@loyalty/domain';
import { Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useMessages } from '@/lib/i18n';
import { posMessages } from '../messages';

/**
 * Card lookup of the POS: manual card UID entry with a Load button (Enter loads too). The typed
 * text goes through `normalizeCardUid` (trim, upper-case, spaces/dashes removed, `/c/{uid}`
 * extracted from a pasted QR URL) before `onLoad`.
 *
 * `scanner` renders the camera scanner (CardScanner) above the manual entry, separated by an
 * 'or' divider. It receives `loadText`, the very function the form submits with, so a decoded
 * QR text takes the same path as typed text: `normalizeCardUid`, then `onLoad`.
 */
export function CardLookup({
  value,
  onChange,
  onLoad,
  loading,
  scanner,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Called with the normalised UID (never empty). */
  onLoad: (cardUid: string) => void;
  loading?: boolean;
  /** Renders the scanner; `loadText(text)` loads like a manual submit, false when `text` holds no UID. */
  scanner?: (loadText: (text: string) => boolean) => ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const t = useMessages(posMessages);
  const [touched, setTouched] = useState(false);
  const empty = value.trim() === '';

  /** The one load path of typed and scanned text: normalise, then load; false when nothing is left. */
  function loadText(text: string): boolean {
    const uid = normalizeCardUid(text);
    if (!uid) return false;
    onLoad(uid);
    return true;
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('lookupTitle')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {scanner && (
          <>
            {scanner(loadText)}
            <OrDivider />
          </>
        )}
        <form
          role="search"
          aria-label={t('lookupLabel')}
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            loadText(value);
          }}
          className="flex items-end gap-2"
        >
          <Input
            ref={inputRef}
            label={t('lookupUidLabel')}
            placeholder={t('lookupUidPlaceholder')}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            onFocus={(e) => e.currentTarget.select()}
            autoFocus
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="search"
            className="h-12 font-mono text-base tracking-wide uppercase placeholder:font-sans placeholder:normal-case placeholder:tracking-normal"
            wrapperClassName="flex-1 min-w-0"
            error={touched && empty ? t('lookupUidRequired') : undefined}
          />
          <Button type="submit" size="lg" disabled={empty} loading={loading} className="shrink-0">
            {!loading && <Search aria-hidden="true" className="h-4 w-4" />}
            {t('lookupLoad')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** The 'or' line between the camera scanner and the typed UID. */
function OrDivider() {
  const t = useMessages(posMessages);
  return (
    <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500">
      <span className="h-px flex-1 bg-slate-200" />
      {t('lookupOr')}
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
