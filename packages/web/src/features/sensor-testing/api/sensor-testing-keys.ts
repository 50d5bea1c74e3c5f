// Query keys of the bench testing page. A recorded result changes the micrometer (its state and
// last test) and the failed list, so writes invalidate the whole feature.
export const sensorTestingQueryKey = ['sensor-testing'] as const;
