import { type Balances, readableAmount } from '@charter/core'
import { RadioGroup } from '../../ui/index.ts'
import type { OfferedChain } from '../balances/index.ts'
import type { SendAsset } from './SendOrder.ts'

type Props = {
  chain: OfferedChain
  balance: Balances | undefined
  selected: SendAsset
  onSelect: (asset: SendAsset) => void
}

/** What to send, each with what the wallet holds beside it: the native coin, or USDC where the chain has it. */
export function AssetField({ chain, balance, selected, onSelect }: Props) {
  const options: { asset: SendAsset; symbol: string; held: string | undefined }[] = [
    ...(chain.usdc
      ? [
          {
            asset: 'usdc' as const,
            symbol: 'USDC',
            held: balance?.usdc ? readableAmount(balance.usdc.amount, balance.usdc.decimals) : undefined,
          },
        ]
      : []),
    {
      asset: 'native',
      symbol: chain.nativeCurrency.symbol,
      held: balance ? readableAmount(balance.native, balance.nativeDecimals) : undefined,
    },
  ]
  return (
    <RadioGroup
      legend="Token"
      name="send-asset"
      options={options.map((option) => ({
        value: option.asset,
        label: (
          <>
            {option.symbol}{' '}
            <span className="muted">
              ({option.held === undefined ? 'balance loading…' : `${option.held} ${option.symbol} available`})
            </span>
          </>
        ),
      }))}
      selected={selected}
      onSelect={onSelect}
    />
  )
}
