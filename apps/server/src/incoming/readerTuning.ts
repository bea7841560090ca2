/** How the reader reads one chain: how deep a reorg it waits out, how much it asks for at once. */
export type ChainTuning = {
  /**
   * Blocks (EVM) under the head the cursor stays: what lies above is read again on every pass and a receipt
   * there whose transaction is gone is removed. Solana is read at `finalized`, where nothing is rolled back: 0.
   */
  depth: bigint
  /** The most blocks one eth_getLogs spans: public RPCs refuse wider ranges (commonly 500 to 10,000). */
  maxBlockRange: bigint
  /** The most ranges (EVM) or pages of signatures (Solana) one pass reads; the next passes read the rest. */
  maxRangesPerPass: number
  /** Solana: signatures per page of getSignaturesForAddress (1,000, the most a node gives); 0 on EVM. */
  signaturesPerPage: number
  /** Where a wallet read for the first time starts: the chain's start locally, near the head in production. */
  startAtGenesis: boolean
  /**
   * Whether native coin is also read by scanning each block's transactions: only on a local devnet, whose blocks
   * are few; on a production RPC that is a full block per block, so there it comes from Charter's send records.
   */
  scanBlocks: boolean
}

/** Chains whose reorgs run deeper than the usual dozen blocks. */
const deepReorgChains: ReadonlySet<string> = new Set(['137', '80002'])

/** The tuning of a chain by its id ('84532', 'devnet') and whether this server runs it as a local devnet. */
export function chainTuning(chainId: string, type: 'ethereum' | 'solana', local: boolean): ChainTuning {
  if (type === 'solana') {
    return {
      depth: 0n,
      maxBlockRange: 0n,
      maxRangesPerPass: 10,
      signaturesPerPage: 1000,
      startAtGenesis: local,
      scanBlocks: false,
    }
  }
  if (local) {
    // A couple of blocks, so a revert on anvil (the tests' reorg) is seen as a production reorg would be.
    return {
      depth: 2n,
      maxBlockRange: 1000n,
      maxRangesPerPass: 50,
      signaturesPerPage: 0,
      startAtGenesis: true,
      scanBlocks: true,
    }
  }
  return {
    depth: deepReorgChains.has(chainId) ? 64n : 12n,
    maxBlockRange: 500n,
    maxRangesPerPass: 20,
    signaturesPerPage: 0,
    startAtGenesis: false,
    scanBlocks: false,
  }
}

/** How often a pass runs: every 2 seconds locally, so money shows at once; every 30 seconds in production. */
export const readEveryMs = { embedded: 2_000, production: 30_000 } as const
