// Every usage query starts with `usageQueryKey`, so they can be refreshed together.
export const usageQueryKey = ['usage'] as const;

/** A place whose usage is charted. */
export type UsageLevel = 'company' | 'property' | 'building' | 'unit';
export type UsagePlace = { readonly level: UsageLevel; readonly id: number };

export const placeKey = (place: UsagePlace) => `${place.level}-${place.id}`;
