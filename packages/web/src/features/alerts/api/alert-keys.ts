// Every alert query starts with `alertsQueryKey`: a status change, a live event or a reconnect
// invalidates them all at once (the bell, the lists and an open alert).
export const alertsQueryKey = ['alerts'] as const;
