import type { SignatureRequest } from '../describe/SignatureRequest.ts'
import { MessageDetails } from './MessageDetails.tsx'
import { SolanaSendDetails } from './SolanaSendDetails.tsx'
import { TransactionDetails } from './TransactionDetails.tsx'
import { TypedDataDetails } from './TypedDataDetails.tsx'

/** Everything a request signs, in words: the message, the typed data's every field, the transaction's parts. */
export function SignatureDetails({ request }: { request: SignatureRequest }) {
  switch (request.kind) {
    case 'message':
      return <MessageDetails request={request} />
    case 'typed-data':
      return <TypedDataDetails request={request} />
    case 'transaction':
      return <TransactionDetails request={request} />
    case 'solana-send':
      return <SolanaSendDetails request={request} />
  }
}
