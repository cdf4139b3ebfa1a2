import { Search } from 'lucide-react';
import { Input } from './input';

/** Props of {@link SearchField}. */
export interface SearchFieldProps {
  /** Accessible name of the box (hidden label), e.g. 'Search cards'. */
  label: string;
  placeholder: string;
  value: string;
  /** Called with the new text on every keystroke. */
  onChange: (value: string) => void;
}

/**
 * The search box of a list toolbar: a `type="search"` input with a hidden label, a search icon
 * inside, no autocomplete or spell-check, growing to fill the toolbar row.
 */
export function SearchField({ label, placeholder, value, onChange }: SearchFieldProps) {
  return (
    <Input
      label={label}
      hideLabel
      type="search"
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      leading={<Search aria-hidden="true" className="h-4 w-4" />}
      wrapperClassName="flex-1 min-w-0"
      autoComplete="off"
      spellCheck={false}
    />
  );
}
