/** The reviews page's own failure texts (the server's reasons come from the admin module's replies). */
export const REVIEW_PAGE_MESSAGES = {
  fetchFailed: "Failed to fetch reviews",
  updateFailed: "Failed to update review",
  deleteFailed: "Failed to delete review",
} as const;
