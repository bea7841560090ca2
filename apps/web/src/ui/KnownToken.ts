/** A token contract Charter knows (core's stablecoin table), enough to read its amounts. */
export type KnownToken = { symbol: string; decimals: number }
