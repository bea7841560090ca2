import { Link } from 'wouter'
import { StatusMessage } from '../../ui/StatusMessage.tsx'
import type { TestFundStep } from './testFundSteps.ts'
import { useTestFunds } from './useTestFunds.ts'

const assetName = (step: TestFundStep) => (step.asset === 'USDC' ? 'USDC' : step.chain.nativeCurrency.symbol)

/** "ETH on Base Sepolia and SOL on Solana Devnet": the coins missing, for the invitation's words. */
function missingCoins(steps: readonly TestFundStep[]): string {
  const coins = steps
    .filter((step) => step.asset === 'native')
    .map((step) => `${assetName(step)} on ${step.chain.name}`)
  return coins.length <= 1 ? (coins[0] ?? '') : `${coins.slice(0, -1).join(', ')} and ${coins.at(-1)}`
}

/**
 * The invitation, on a local server, to "Get test funds" from the dev faucet, with its progress, or to add funds
 * through the on-ramp's sandbox: for an empty wallet, and for one without the coin a network fee is paid in.
 */
export function TestFunds({ steps, empty }: { steps: readonly TestFundStep[]; empty: boolean }) {
  const funds = useTestFunds()
  const { progress } = funds
  return (
    <div className="empty-wallet stack-small">
      <p>
        {empty
          ? 'Your wallet is empty. '
          : `You have no ${missingCoins(steps)}, which pays the network fee of a send there. `}
        This server runs local test networks: get test funds to try Charter out, or{' '}
        <Link href="/wallet/add-funds">add funds</Link> through the Coinbase sandbox.
      </p>
      <div>
        <button
          type="button"
          className="button"
          disabled={funds.isPending || steps.length === 0}
          onClick={() => funds.mutate(steps)}
        >
          {funds.isError ? 'Try again' : 'Get test funds'}
        </button>
      </div>
      {funds.isPending && progress && (
        <StatusMessage>
          {progress.current
            ? `Getting test funds: ${assetName(progress.current)} on ${progress.current.chain.name} (${progress.done + 1} of ${progress.total})…`
            : 'Test funds sent. Reading your balances…'}
        </StatusMessage>
      )}
      {funds.isError && (
        <p className="field-error" role="alert">
          Test funds could not be added: {funds.error.message}
        </p>
      )}
    </div>
  )
}
