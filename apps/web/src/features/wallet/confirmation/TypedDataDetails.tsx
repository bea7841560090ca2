import { FullAddress, RevealedText } from '../../../ui/index.ts'
import { formatAmount } from '../describe/formatAmount.ts'
import type { TypedDataRequest } from '../describe/SignatureRequest.ts'
import { TypedRows } from './TypedValueView.tsx'

/**
 * Typed data as it is signed: first where the signature is valid (the domain: name, network, contract in
 * full), then every field of the message in nested tables, and how many were left out when it is too big.
 */
export function TypedDataDetails({ request }: { request: TypedDataRequest }) {
  const { domain } = request
  return (
    <div className="stack-small">
      <table className="details-table">
        <caption>Valid for</caption>
        <tbody>
          {domain.name !== undefined && (
            <tr>
              <th scope="row">Name</th>
              <td>
                <RevealedText text={domain.name} />
              </td>
            </tr>
          )}
          {domain.version !== undefined && (
            <tr>
              <th scope="row">Version</th>
              <td>
                <RevealedText text={domain.version} />
              </td>
            </tr>
          )}
          <tr>
            <th scope="row">Network</th>
            <td>
              {domain.chain === undefined
                ? 'Any: none is named'
                : `${domain.chain.name} (chain ${domain.chain.id})`}
            </td>
          </tr>
          {domain.verifyingContract !== undefined && (
            <tr>
              <th scope="row">Contract</th>
              <td>
                <FullAddress address={domain.verifyingContract.address} />
                {domain.verifyingContract.token && (
                  <span className="address-note">
                    A contract: the {domain.verifyingContract.token.symbol} token
                    {domain.chain && ` on ${domain.chain.name}`}
                  </span>
                )}
              </td>
            </tr>
          )}
          {domain.salt !== undefined && (
            <tr>
              <th scope="row">Salt</th>
              <td className="breakable">{domain.salt}</td>
            </tr>
          )}
        </tbody>
      </table>
      <table className="details-table">
        <caption>
          Data to sign: <RevealedText text={request.primaryType} />
        </caption>
        <tbody>
          <TypedRows fields={request.fields} />
        </tbody>
      </table>
      {request.hiddenFields > 0 && (
        <p className="warning-text">
          {formatAmount(BigInt(request.hiddenFields), 0)} more{' '}
          {request.hiddenFields === 1 ? 'field is' : 'fields are'} not shown.
        </p>
      )}
    </div>
  )
}
