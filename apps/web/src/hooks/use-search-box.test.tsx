import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useSearchBox } from './use-search-box';

/** The pause after which the box commits; long enough that typing a word never spans it. */
const DELAY_MS = 400;

/** A list page's search box; `search` stands for the address's `?search=`, which `commit` writes. */
function SearchBox({ search, commit }: { search: string; commit: (search: string) => void }) {
  const [text, setText] = useSearchBox(search, commit, DELAY_MS);
  return <input aria-label="Search customers" value={text} onChange={(e) => setText(e.target.value)} />;
}

/** The page: the committed search lives in state (the address), and a 'Clear filters' button resets it from outside. */
function CustomersPage({ onCommit }: { onCommit: (search: string) => void }) {
  const [search, setSearch] = useState('ada');
  const commit = (next: string) => {
    onCommit(next);
    setSearch(next.trim());
  };
  return (
    <>
      <SearchBox search={search} commit={commit} />
      <button type="button" onClick={() => setSearch('')}>
        Clear filters
      </button>
      <output aria-label="Address search">{search}</output>
    </>
  );
}

describe('useSearchBox', () => {
  it('starts with the address’s search and commits the typed text once, after the typing pauses', async () => {
    const onCommit = vi.fn();
    const user = userEvent.setup();
    render(<CustomersPage onCommit={onCommit} />);
    const box = screen.getByLabelText('Search customers');
    expect(box).toHaveValue('ada');

    await user.type(box, ' love');
    expect(box).toHaveValue('ada love');
    await waitFor(() => expect(screen.getByLabelText('Address search')).toHaveTextContent('ada love'), { timeout: 2000 });
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(onCommit).toHaveBeenCalledWith('ada love');
  });

  it('commits nothing when the text only gains spaces around the same search', async () => {
    const onCommit = vi.fn();
    const user = userEvent.setup();
    render(<CustomersPage onCommit={onCommit} />);
    await user.type(screen.getByLabelText('Search customers'), '  ');
    await act(() => new Promise((resolve) => setTimeout(resolve, DELAY_MS + 150)));
    expect(onCommit).not.toHaveBeenCalled();
  });

  it('follows the address when the search is cleared from outside, without committing it back', async () => {
    const onCommit = vi.fn();
    const user = userEvent.setup();
    render(<CustomersPage onCommit={onCommit} />);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByLabelText('Search customers')).toHaveValue('');
    await act(() => new Promise((resolve) => setTimeout(resolve, DELAY_MS + 150)));
    expect(onCommit).not.toHaveBeenCalled();
  });
});
