import type { CharterUser } from '@charter/core'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { FullAddress } from '../../ui/index.ts'
import { chainsQueryOptions, useShowTestNetworks } from '../balances/index.ts'
import { useHealth } from '../health/index.ts'
import { RequireSignIn } from '../session/index.ts'
import { userWallets, WalletPage } from '../wallet/index.ts'
import { NetworkSwitcher } from './NetworkSwitcher.tsx'
import { QrCode } from './QrCode.tsx'
import type { ReceiveNetwork } from './ReceiveNetwork.ts'
import { receiveNetworks } from './receiveNetworks.ts'

const sameAddressHint = {
  ethereum:
    'The same address is yours on every EVM network, but funds sent on another network arrive there, not here.',
  solana: 'This address is for Solana only.',
} as const

/** `/wallet/receive`: one network at a time, its address as a QR code and in full, and the network named beside it. */
export function ReceivePage() {
  return <RequireSignIn>{(user) => <Receive user={user} />}</RequireSignIn>
}

function Receive({ user }: { user: CharterUser }) {
  const wallets = userWallets(user)
  const chains = useQuery(chainsQueryOptions())
  const health = useHealth()
  const [showTestNetworks] = useShowTestNetworks()
  const local = health.data?.mode === 'embedded' || (chains.data ?? []).some((chain) => chain.local)
  const networks = receiveNetworks(chains.data, local || showTestNetworks).filter(
    (network) => wallets[network.type] !== undefined,
  )
  const [chosen, setChosen] = useState<string | undefined>()
  const network = networks.find((one) => one.key === chosen) ?? networks[0]
  const address = network ? wallets[network.type]?.address : undefined
  return (
    <WalletPage title="Receive">
      <p>Choose the network the sender will use, then share the address or let them scan the code.</p>
      {networks.length > 1 && network && (
        <NetworkSwitcher networks={networks} selected={network.key} onSelect={setChosen} />
      )}
      {network && address ? (
        <ReceiveAddress network={network} address={address} />
      ) : (
        <p className="muted">Your wallets are not there yet. Reload the page in a moment.</p>
      )}
    </WalletPage>
  )
}

function ReceiveAddress({ network, address }: { network: ReceiveNetwork; address: string }) {
  const headingId = useId()
  return (
    <section className="receive-card stack" aria-labelledby={headingId} aria-live="polite">
      <h2 id={headingId}>Your address on {network.label}</h2>
      <QrCode text={address} label={`QR code of your address on ${network.label}`} />
      <p className="receive-network">Only send on {network.label}.</p>
      <FullAddress address={address} copy="address" />
      <p className="field-hint">{sameAddressHint[network.type]}</p>
    </section>
  )
}
