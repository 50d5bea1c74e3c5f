// Query keys of the installation page. An assignment changes the unit's micrometers and the
// micrometer itself, so it invalidates the whole feature.
export const installationQueryKey = ['installation'] as const;

/** How many places a step lists at once; a search narrows longer lists. */
export const PICK_LIMIT = 100;
