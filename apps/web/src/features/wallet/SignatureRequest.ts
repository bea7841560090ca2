/** One line of typed data as a person reads it: a field's path (`from.wallet`, `items[0]`), its type, its value. */
export type TypedDataRow = { name: string; type: string; value: string }

/** What a signature request asks for, in the words the confirmation dialog shows. */
export type SignatureRequest =
  | {
      kind: 'message'
      /** The wallet that signs. */
      address: string
      /** The message as text, when its bytes are readable UTF-8 text; otherwise only `hex` says what it is. */
      text: string | undefined
      hex: string
    }
  | {
      kind: 'typed-data'
      address: string
      domain: {
        name: string | undefined
        version: string | undefined
        chainName: string | undefined
        verifyingContract: string | undefined
      }
      primaryType: string
      fields: TypedDataRow[]
    }
  | {
      kind: 'transaction'
      address: string
      chainId: number
      chainName: string
      /** Undefined when the transaction makes a new contract. */
      to: string | undefined
      /** The amount with its token, e.g. '0.5 ETH'. */
      amount: string
      /** How many bytes of contract data the transaction carries; 0 for a plain transfer. */
      dataBytes: number
    }
