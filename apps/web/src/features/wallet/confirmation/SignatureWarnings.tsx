import type { TokenAmount } from '../../../ui/index.ts'
import { escapeLabel, FullAddress, LocalTime, TokenAmountText } from '../../../ui/index.ts'
import { formatAmount } from '../describe/formatAmount.ts'
import type { SignatureRequest } from '../describe/SignatureRequest.ts'
import type { SignatureWarning } from '../describe/SignatureWarning.ts'

function Grants({ grants }: { grants: TokenAmount[] }) {
  return (
    <>
      {grants.map((grant, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a request's grants never move.
        <span key={index}>
          {index > 0 && (index === grants.length - 1 ? ' and ' : ', ')}
          <TokenAmountText amount={grant} />
        </span>
      ))}
    </>
  )
}

function Warning({ warning }: { warning: SignatureWarning }) {
  switch (warning.kind) {
    case 'hidden-characters':
      return (
        <>
          <strong>Hidden characters.</strong>{' '}
          {warning.count === 1
            ? 'One character would be invisible or would change the direction of the text; it is shown'
            : `${warning.count} characters would be invisible or would change the direction of the text; they are shown`}{' '}
          as a code such as {escapeLabel(0x202e)}. Elsewhere this may not read as it does here.
        </>
      )
    case 'right-to-left':
      return (
        <>
          <strong>Right-to-left text.</strong> Some of this is written right to left (Hebrew, Arabic, …),
          which can silently reorder the words and numbers around it, amounts included. It is shown here in
          the order it is signed, left to right, its right-to-left parts underlined. Elsewhere it may read
          differently.
        </>
      )
    case 'token-allowance':
      return (
        <>
          <strong>{warning.via === 'approve' ? 'Token approval.' : `Token permit (${warning.via}).`}</strong>{' '}
          {warning.via === 'approve' ? 'This transaction lets' : 'Signing lets'}{' '}
          <FullAddress address={warning.spender} /> spend <Grants grants={warning.grants} /> from your wallet
          {warning.via === 'Permit2' ? ' through Permit2' : ''}, without asking you again.
        </>
      )
    case 'token-transfer':
      return (
        <>
          <strong>Token transfer ({warning.via}).</strong> Signing lets{' '}
          <FullAddress address={warning.spender} /> take <Grants grants={warning.grants} /> from your wallet,
          without asking you again.
        </>
      )
    case 'named-spender':
      return (
        <>
          <strong>A spender.</strong> This names <FullAddress address={warning.spender} /> as a spender: it
          may let them spend your tokens.
        </>
      )
    case 'any-chain':
      return (
        <>
          <strong>Any network.</strong> This names no network, so the signature is valid on every network.
        </>
      )
    case 'high-fee':
      return (
        <>
          <strong>Check the fee.</strong> The fee alone could be as much as <strong>{warning.maxFee}</strong>.
        </>
      )
    case 'held-send':
      return (
        <>
          <strong>This send will wait.</strong> This device signed in recently, and new devices move at most{' '}
          {warning.limit} (fees included) before their wait ends
          {warning.used ? `, of which ${warning.used} has gone already` : ''}. This send is held until{' '}
          <LocalTime at={warning.opensAt} />. Your sign-in addresses are told, and your other devices can
          cancel it; it goes out when the hold ends.
        </>
      )
    case 'held-request':
      return (
        <>
          <strong>This will wait.</strong> This device signed in recently, and {warning.why}, so it is held
          until <LocalTime at={warning.opensAt} />: nothing is signed now, your sign-in addresses are told,
          and your other devices can cancel it.
        </>
      )
    case 'recipient':
      return (
        <>
          <strong>Check the recipient.</strong> {warning.text}
        </>
      )
    case 'unreadable-call':
      return (
        <>
          <strong>A contract call Charter cannot read.</strong> This transaction
          {warning.selector === undefined ? '' : ` calls function ${warning.selector}`} sends{' '}
          {formatAmount(BigInt(warning.bytes), 0)} {warning.bytes === 1 ? 'byte' : 'bytes'} of data to a
          contract, which may do anything that contract allows, your tokens included. It is shown raw below.
          Sign only if you trust the site and the contract.
        </>
      )
  }
}

/** What to read before signing, above the details: Charter's refusal, if any, then each warning in words. */
export function SignatureWarnings({ request }: { request: SignatureRequest }) {
  if (request.refusal === undefined && request.warnings.length === 0) return null
  return (
    <div className="warning signature-warnings" role="note" aria-label="Before you sign">
      {request.refusal !== undefined && <p className="warning-text">{request.refusal}</p>}
      {request.warnings.length > 0 && (
        <ul>
          {request.warnings.map((warning, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a request's warnings never move.
            <li key={index}>
              <Warning warning={warning} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
