/** The 12 chain ids of the spec's stablecoin table, in its order; `usdcAddresses` adds Celo and Linea. */
export const specStablecoinChainIds = [
  1, 11155111, 10, 11155420, 137, 80002, 8453, 84532, 43114, 43113, 42161, 421614,
] as const
