// The root of every micrometer query key: a write invalidates it, so lists, the detail dialog,
// the assignment and configuration pages all show the micrometer as it now is.
export const micrometersQueryKey = ['micrometers'] as const;
/** Configuration downlinks (their own lists; a new downlink invalidates them). */
export const downlinksQueryKey = ['micrometer-downlinks'] as const;
