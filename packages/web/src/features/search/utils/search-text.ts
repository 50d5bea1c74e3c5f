/** The longest text `GET /search/{text}` accepts. */
export const SEARCH_TEXT_MAX_LENGTH = 100;
