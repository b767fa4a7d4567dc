import { USER_SEARCH_DEBOUNCE_MS } from '@hostel/contracts';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A dashboard list with a search box: the text as typed, the search to send (trimmed, once typing
 * pauses), and the page on show, which goes back to the first with every new search.
 */
export function useSearchedPages() {
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState(0);
  const search = useDebouncedValue(searchText.trim(), USER_SEARCH_DEBOUNCE_MS);
  useEffect(() => setPage(0), [search]);
  return { searchText, setSearchText, search, page, setPage };
}
