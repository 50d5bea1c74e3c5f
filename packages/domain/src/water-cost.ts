// What water costs (DESIGN section 8): a property's price per 1,000 gallons, the default price when
// it has none, and the cost of a volume rounded to cents. An alert's monthly cost (its rate, in
// gallons a month; open leaks are costed once per incident, leak-incidents.ts), a report's cost of use and the usage chart's projected cost all apply this
// rule; SQL that sums costs takes the default price from here as a parameter.

/** Water price per 1,000 gallons when a property has none set. */
export const DEFAULT_WATER_PRICE_PER_KGAL = 10;

/** A property's price per 1,000 gallons, or the default when it has none. */
export const waterPrice = (pricePerKgal: number | null | undefined): number =>
  pricePerKgal ?? DEFAULT_WATER_PRICE_PER_KGAL;

/**
 * What a volume costs at a price per 1,000 gallons (the default price when none is set), rounded
 * to cents. For a rate in gallons a month this is its monthly cost.
 */
export const waterCost = (gallons: number, pricePerKgal: number | null | undefined): number =>
  Math.round(((gallons * waterPrice(pricePerKgal)) / 1000) * 100) / 100;
