/** A comment's longest text. */
export const COMMENT_MAX_LENGTH = 2000;
/** How many comments one page of GET events/{id}/comments carries (newest first). */
export const COMMENTS_PAGE_SIZE = 100;
