import { FullAddress, TokenAmountText } from '../../../ui/index.ts'
import type { ContractCall } from '../describe/ContractCall.ts'
import { formatAmount } from '../describe/formatAmount.ts'

const bytes = (count: number) => `${formatAmount(BigInt(count), 0)} ${count === 1 ? 'byte' : 'bytes'}`

function Extra({ count }: { count: number }) {
  return count > 0 ? <> (and {bytes(count)} more, which the token ignores)</> : null
}

/** What a transaction's contract data asks for, in words: 'Approve 0x… to spend unlimited USDC'. */
export function ContractCallText({ call }: { call: ContractCall }) {
  switch (call.kind) {
    case 'transfer':
      return (
        <>
          Send <TokenAmountText amount={call.amount} /> to <FullAddress address={call.to} />
          <Extra count={call.extraBytes} />
        </>
      )
    case 'approve':
      return (
        <>
          Approve <FullAddress address={call.spender} /> to spend <TokenAmountText amount={call.amount} />
          <Extra count={call.extraBytes} />
        </>
      )
    case 'transferFrom':
      return (
        <>
          Move <TokenAmountText amount={call.amount} /> from <FullAddress address={call.from} /> to{' '}
          <FullAddress address={call.to} />
          <Extra count={call.extraBytes} />
        </>
      )
    case 'create':
      return <>Creates a contract from {bytes(call.bytes)} of code</>
    case 'other':
      return (
        <>
          {call.selector === undefined ? '' : `Calls function ${call.selector} with `}
          {bytes(call.bytes)} of data that Charter cannot read. Sign only if you trust the site and the
          contract.
        </>
      )
  }
}
