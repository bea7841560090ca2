/**
 * The 12 chain ids of Privy's own USDC table, in its order (docs/chains.md); `usdcAddresses` adds Celo and
 * Linea, which that table lacks.
 */
export const privyUsdcTableChainIds = [
  1, 11155111, 10, 11155420, 137, 80002, 8453, 84532, 43114, 43113, 42161, 421614,
] as const
