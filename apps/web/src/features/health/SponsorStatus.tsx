import type { PartStatus } from '@charter/server'

type SponsorLine = NonNullable<PartStatus['sponsor']>

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/**
 * The sponsor's line on the server status, for whoever runs Charter: which addresses pay members' network fees,
 * what each holds, and in words which chain needs more before sponsored sends there fail.
 */
export function SponsorStatus({ sponsor }: { sponsor: SponsorLine }) {
  const read = sponsor.balances.filter((each) => each.balance !== undefined)
  const low = sponsor.balances.filter((each) => each.low)
  return (
    <>
      <p className="status sponsor-status">
        Charter pays members’ network fees from {short(sponsor.addresses.ethereum)} (EVM) and{' '}
        {short(sponsor.addresses.solana)} (Solana)
        {read.length > 0
          ? `: it holds ${read.map((each) => `${each.balance} ${each.symbol} on ${each.name}`).join(', ')}.`
          : '.'}
      </p>
      {low.map((each) => (
        <p className="warning-text" key={each.chain}>
          The fee sponsor is low on {each.name}: it holds {each.balance} {each.symbol}. Send {each.symbol} to{' '}
          {each.symbol === 'SOL' ? sponsor.addresses.solana : sponsor.addresses.ethereum} before members’
          sponsored sends there fail.
        </p>
      ))}
    </>
  )
}
