import {
  addRpcUrlOverrideToChain,
  PrivyProvider,
  useExportWallet,
  useLoginWithSms,
  usePrivy,
  useSendTransaction,
  useSignMessage,
  useSignTypedData,
  useWallets,
} from '@privy-io/react-auth'
import { useWallets as useSolanaWallets } from '@privy-io/react-auth/solana'
import { type ReactNode, StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { baseSepolia } from 'viem/chains'

// What the spec passes in the URL: Charter's origin (the SDK's `apiUrl`) and the app id.
const query = new URLSearchParams(window.location.search)
const apiUrl = query.get('apiUrl') ?? window.location.origin
const appId = query.get('appId') ?? ''
// Base Sepolia through Charter's RPC proxy, as docs/migrating-from-privy.md tells an app to set it up.
const chain = addRpcUrlOverrideToChain(baseSepolia, `${apiUrl}/api/v1/rpc/${baseSepolia.id}`)

/** One action's outcome, shown where the spec reads it. */
function Outcome({ name, value }: { name: string; value: string | undefined }) {
  return <pre data-testid={name}>{value ?? ''}</pre>
}

function useAction() {
  const [value, setValue] = useState<string>()
  const run = async (task: () => Promise<string>) => {
    setValue('…')
    try {
      setValue(await task())
    } catch (error) {
      setValue(`error: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return { value, run }
}

function Button({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <button type="button" onClick={onClick}>
      {children}
    </button>
  )
}

function SignIn() {
  const { sendCode, loginWithCode, state } = useLoginWithSms()
  const [phoneNumber, setPhoneNumber] = useState('')
  const [code, setCode] = useState('')
  const action = useAction()
  return (
    <section>
      <label>
        Phone number <input value={phoneNumber} onChange={(event) => setPhoneNumber(event.target.value)} />
      </label>
      <Button
        onClick={() =>
          action.run(async () => {
            await sendCode({ phoneNumber })
            return 'code sent'
          })
        }
      >
        Send code
      </Button>
      <label>
        Code <input value={code} onChange={(event) => setCode(event.target.value)} />
      </label>
      <Button
        onClick={() =>
          action.run(async () => {
            await loginWithCode({ code })
            return 'signed in'
          })
        }
      >
        Sign in
      </Button>
      <Outcome name="sign-in" value={action.value ?? state.status} />
    </section>
  )
}

function SignedIn() {
  const { user, logout } = usePrivy()
  const { wallets, ready } = useWallets()
  const solana = useSolanaWallets()
  const { signMessage } = useSignMessage()
  const { signTypedData } = useSignTypedData()
  const { sendTransaction } = useSendTransaction()
  const { exportWallet } = useExportWallet()
  const [to, setTo] = useState('')
  const text = useAction()
  const hex = useAction()
  const typed = useAction()
  const send = useAction()
  const exported = useAction()
  const embedded = wallets.find((wallet) => wallet.walletClientType === 'privy')
  const address = embedded?.address
  const noUi = { showWalletUIs: false }
  return (
    <section>
      <Outcome name="user" value={user?.id} />
      <Outcome name="wallets-ready" value={String(ready)} />
      <Outcome name="evm-wallets" value={wallets.map((wallet) => wallet.address).join('\n')} />
      <Outcome name="solana-wallets" value={solana.wallets.map((wallet) => wallet.address).join('\n')} />
      <Button
        onClick={() =>
          text.run(
            async () =>
              (await signMessage({ message: 'Hello from a Privy app' }, { address, uiOptions: noUi }))
                .signature,
          )
        }
      >
        Sign text
      </Button>
      <Outcome name="sign-text" value={text.value} />
      <Button
        onClick={() =>
          hex.run(
            async () =>
              (await signMessage({ message: '0xdeadbeef' }, { address, uiOptions: noUi })).signature,
          )
        }
      >
        Sign hex
      </Button>
      <Outcome name="sign-hex" value={hex.value} />
      <Button
        onClick={() =>
          typed.run(
            async () =>
              (
                await signTypedData(
                  {
                    domain: { name: 'Charter test', version: '1', chainId: baseSepolia.id },
                    types: { Note: [{ name: 'text', type: 'string' }] },
                    primaryType: 'Note',
                    message: { text: 'typed hello' },
                  },
                  { address, uiOptions: noUi },
                )
              ).signature,
          )
        }
      >
        Sign typed data
      </Button>
      <Outcome name="sign-typed" value={typed.value} />
      <label>
        Send to <input value={to} onChange={(event) => setTo(event.target.value)} />
      </label>
      <Button
        onClick={() =>
          send.run(
            async () =>
              (
                await sendTransaction(
                  { to, value: 1_000_000_000_000n, chainId: baseSepolia.id },
                  { address, uiOptions: noUi },
                )
              ).hash,
          )
        }
      >
        Send
      </Button>
      <Outcome name="send" value={send.value} />
      <Button
        onClick={() =>
          exported.run(async () => {
            await exportWallet(address ? { address } : undefined)
            return 'closed'
          })
        }
      >
        Export
      </Button>
      <Outcome name="export" value={exported.value} />
      <Button onClick={() => void logout()}>Log out</Button>
    </section>
  )
}

function App() {
  const { ready, authenticated } = usePrivy()
  if (!ready) return <p>Loading…</p>
  return authenticated ? <SignedIn /> : <SignIn />
}

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <PrivyProvider
        appId={appId}
        apiUrl={apiUrl}
        config={{
          loginMethods: ['sms'],
          defaultChain: chain,
          supportedChains: [chain],
          embeddedWallets: {
            showWalletUIs: false,
            ethereum: { createOnLogin: 'off' },
            solana: { createOnLogin: 'off' },
          },
        }}
      >
        <App />
      </PrivyProvider>
    </StrictMode>,
  )
}
