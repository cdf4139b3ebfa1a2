import { useEffect, useRef, useState } from 'react';

/** How long the 'Copied' confirmation stays, in milliseconds. */
const COPIED_FOR_MS = 2_000;

/**
 * Copying a text (a one-time secret of Integrations, a referral link of the public card page) with
 * `navigator.clipboard.writeText`. `state` is 'copied' for {@link COPIED_FOR_MS} ms after a
 * successful copy, 'failed' when the browser refused (no clipboard permission, an insecure
 * page): the caller then asks to select the text and copy it by hand; 'idle' otherwise.
 */
export function useCopy() {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async (text: string) => {
    clearTimeout(timer.current);
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(text);
      setState('copied');
      timer.current = setTimeout(() => setState('idle'), COPIED_FOR_MS);
    } catch {
      setState('failed');
    }
  };
  return { state, copy };
}
