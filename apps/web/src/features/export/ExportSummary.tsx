import { shortenAddress } from '@charter/core'
import { chainTypeNames } from '../wallet/index.ts'
import type { ExportChoice } from './ExportState.ts'

/** Which wallet, in which form, and the one warning that matters: in view on the code and result steps. */
export function ExportSummary({ choice }: { choice: ExportChoice }) {
  return (
    <div className="export-summary stack-small">
      <dl className="export-choice">
        <div>
          <dt>Wallet</dt>
          <dd>
            {chainTypeNames[choice.wallet.chain_type]}{' '}
            <code className="address" title={choice.wallet.address}>
              {shortenAddress(choice.wallet.address)}
            </code>
          </dd>
        </div>
        <div>
          <dt>Format</dt>
          <dd>{choice.format === 'keystore' ? 'Keystore file and passphrase' : 'Private key'}</dd>
        </div>
      </dl>
      <p className="warning-text">
        Anyone who has this key controls the wallet and all its funds. Charter can’t take it back.
      </p>
    </div>
  )
}
