import type { OfferedChain } from './chainsApi.ts'

/** A chain whose balances could not be read (its RPC failed or answered nonsense): that chain only, retried on its own. */
export class BalanceUnavailableError extends Error {
  override name = 'BalanceUnavailableError'
  readonly chainId: OfferedChain['id']

  constructor(chain: OfferedChain) {
    super(`The balances on ${chain.name} could not be read.`)
    this.chainId = chain.id
  }
}
