import type { FaucetAsset, OfferedChain } from './chainsApi.ts'

/** One faucet call of "Get test funds". */
export type TestFundStep = { chain: OfferedChain; address: string; asset: FaucetAsset; amount: string }

/** What "Get test funds" asks of the faucet: 1 of the native coin and 10 USDC on each local chain shown. */
export function testFundSteps(
  chains: readonly OfferedChain[],
  addressFor: (type: OfferedChain['type']) => string | undefined,
): TestFundStep[] {
  return chains.flatMap((chain) => {
    const address = addressFor(chain.type)
    if (!chain.local || address === undefined) return []
    const native: TestFundStep = { chain, address, asset: 'native', amount: '1' }
    return chain.usdc ? [native, { chain, address, asset: 'USDC', amount: '10' }] : [native]
  })
}
