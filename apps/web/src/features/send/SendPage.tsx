import { RequireSignIn } from '../session/index.ts'
import { WalletPage, WalletReady } from '../wallet/index.ts'
import { SendScreen } from './SendScreen.tsx'

/** `/wallet/send`: send USDC or a network's own coin to an address, after the dialog, and follow it to the end. */
export function SendPage() {
  return (
    <RequireSignIn>
      {(user) => (
        <WalletPage title="Send">
          <WalletReady>
            <SendScreen user={user} />
          </WalletReady>
        </WalletPage>
      )}
    </RequireSignIn>
  )
}
