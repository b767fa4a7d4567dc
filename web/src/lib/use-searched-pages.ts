import { USER_SEARCH_DEBOUNCE_MS } from '@hostel/contracts';
import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A dashboard list with a search box: the text as typed, the search to send (trimmed, once typing
 * pauses), and the page on show, which goes back to the first with every new search.
 */
export function useSearchedPages() {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), USER_SEARCH_DEBOUNCE_MS);
  // The page is kept with the search it was turned for: another search starts on the first.
  const [turned, setTurned] = useState({ search, page: 0 });
  const page = turned.search === search ? turned.page : 0;
  const setPage = (next: number) => setTurned({ search, page: next });
  return { searchText, setSearchText, search, page, setPage };
}
