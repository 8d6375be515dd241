/** One page of a list as the admin lists return it: the rows, and the count before paging (X-Total-Count). */
export interface Page<T> {
  items: T[];
  /** Matches before paging (the X-Total-Count header). */
  total: number;
  page: number;
  limit: number;
}
