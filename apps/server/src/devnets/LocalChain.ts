/** A chain Charter runs itself on this machine (embedded mode): a local devnet standing in for a test network. */
export type LocalChain = {
  /** The loopback JSON-RPC URL the server talks to; never shown to a browser. */
  readonly rpcUrl: string
  /**
   * Credits `address` with `amount` in the asset's smallest unit (wei, or USDC's 6-decimal units); a credit the chain
   * itself would refuse (`refusal`) throws `FundingRefusedError`.
   */
  fund(address: string, asset: 'native' | 'USDC', amount: bigint): Promise<void>
  /**
   * Why the chain would refuse that credit, asked before anything is spent on it (a new Solana account below its
   * rent-exempt minimum); undefined when it would take it.
   */
  refusal(address: string, asset: 'native' | 'USDC', amount: bigint): Promise<string | undefined>
  /**
   * Where the faucet's credits appear to come from on the chain (a mint from the zero address, the USDC mint's
   * authority): money from them is test funds the member asked for, not a payment
   * (incoming/testFunds.ts).
   */
  readonly faucetSenders: readonly string[]
  /** The chain's current block height (EVM) or slot (Solana), for /api/health. */
  height(): Promise<bigint>
  /** Stops the chain, keeping its state for the next start. */
  close(): Promise<void>
}
