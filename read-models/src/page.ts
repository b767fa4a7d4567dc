/** One page of a list, and how many rows the whole list has (the `X-Total-Count` header). */
export interface Page<Item> {
  items: Item[];
  total: number;
}

/** Which page: rows to skip, then at most `limit` rows. */
export interface Paging {
  skip: number;
  limit: number;
}
