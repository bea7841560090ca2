import { Link } from 'wouter'
import { StatusMessage } from '../../ui/StatusMessage.tsx'
import type { TestFundStep } from './testFundSteps.ts'
import { useTestFunds } from './useTestFunds.ts'

const assetName = (step: TestFundStep) => (step.asset === 'USDC' ? 'USDC' : step.chain.nativeCurrency.symbol)

/**
 * The empty wallet's invitation on a local server: "Get test funds" from the dev faucet, with its progress, or Add
 * funds through the on-ramp's sandbox.
 */
export function TestFunds({ steps }: { steps: readonly TestFundStep[] }) {
  const funds = useTestFunds()
  const { progress } = funds
  return (
    <div className="empty-wallet stack-small">
      <p>
        Your wallet is empty. This server runs local test networks: get test funds to try Charter out, or{' '}
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
