import { useEffect, useEffectEvent, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A search box whose committed value lives in the address (the list pages' `?search=`):
 * returns the box's text and its setter. The text, debounced by `delayMs` (300 ms),
 * is passed to `commit` when it differs from `search` (trimmed); when `search` changes from
 * outside (Back/Forward, a 'Clear filters'), the box follows it.
 */
export function useSearchBox(search: string, commit: (search: string) => void, delayMs = 300): [string, (text: string) => void] {
  const [input, setInput] = useState(search);
  const debounced = useDebouncedValue(input, delayMs);
  // The debounced box drives the address (only when the typed text changes)...
  const onTyped = useEffectEvent((text: string) => {
    if (text.trim() !== search) commit(text);
  });
  useEffect(() => onTyped(debounced), [debounced]);
  // ...and Back/Forward, which change the address, drive the box.
  const onAddress = useEffectEvent((next: string) => {
    if (next !== input.trim()) setInput(next);
  });
  useEffect(() => onAddress(search), [search]);
  return [input, setInput];
}
