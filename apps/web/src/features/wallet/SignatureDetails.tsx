import { ShortAddress } from './ShortAddress.tsx'
import type { SignatureRequest } from './SignatureRequest.ts'

/** What a request signs, in words: the message, the typed data's fields, the transaction's essentials. */
export function SignatureDetails({ request }: { request: SignatureRequest }) {
  switch (request.kind) {
    case 'message':
      return request.text !== undefined ? (
        <div className="stack-small">
          <p className="field-label">Message</p>
          <pre className="signed-message">{request.text}</pre>
        </div>
      ) : (
        <div className="stack-small">
          <p className="field-label">Message</p>
          <p>This message is not text. Its bytes are:</p>
          <pre className="signed-message signed-bytes">{request.hex}</pre>
        </div>
      )
    case 'typed-data': {
      const { domain } = request
      return (
        <div className="table-scroll">
          <table className="details-table">
            <caption>Data to sign</caption>
            <tbody>
              {domain.name !== undefined && (
                <tr>
                  <th scope="row">Requested by</th>
                  <td>{domain.version ? `${domain.name} (version ${domain.version})` : domain.name}</td>
                </tr>
              )}
              {domain.chainName !== undefined && (
                <tr>
                  <th scope="row">Network</th>
                  <td>{domain.chainName}</td>
                </tr>
              )}
              {domain.verifyingContract !== undefined && (
                <tr>
                  <th scope="row">Contract</th>
                  <td className="breakable">{domain.verifyingContract}</td>
                </tr>
              )}
              <tr>
                <th scope="row">Type</th>
                <td>{request.primaryType}</td>
              </tr>
              {request.fields.map((field) => (
                <tr key={field.name}>
                  <th scope="row">{field.name}</th>
                  <td className="breakable">{field.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )
    }
    case 'transaction':
      return (
        <dl className="details-list">
          <div>
            <dt>Network</dt>
            <dd>{request.chainName}</dd>
          </div>
          <div>
            <dt>To</dt>
            <dd>
              {request.to ? (
                <ShortAddress address={request.to} what="recipient address" />
              ) : (
                'No recipient: this transaction creates a contract'
              )}
            </dd>
          </div>
          <div>
            <dt>Amount</dt>
            <dd>{request.amount}</dd>
          </div>
          <div>
            <dt>Contract data</dt>
            <dd>
              {request.dataBytes === 0
                ? 'None: a plain transfer'
                : `Yes, ${request.dataBytes} bytes: this calls a contract`}
            </dd>
          </div>
        </dl>
      )
  }
}
