/**
 * The proxied methods that run code on the node (the EVM's eth_call and eth_estimateGas, Solana's
 * simulateTransaction): each costs the node as much time as the code it runs, so a request may carry only so
 * many, and the EVM's run only within a gas cap.
 */
export const executingMethods: ReadonlySet<string> = new Set([
  'eth_call',
  'eth_estimateGas',
  'simulateTransaction',
])

const quantity = /^0x[0-9a-fA-F]{1,64}$/

/**
 * An eth_call or eth_estimateGas as the node may run it, or why it is refused (-32602). State overrides (the
 * third param) and block overrides (eth_call's fourth) are refused: they let a caller run code against a chain
 * that is not the chain, writing any contract's code and any account's balance, which a wallet's read never needs.
 * A gas limit (`gas`, or `gasLimit` as some nodes also read it) above `maxGas` is refused; a call that gives none
 * is given `maxGas`, so that a looping call stops there instead of at the node's own cap, which may be far higher.
 * Any other method's params pass unchanged.
 */
export function boundExecution(
  method: string,
  params: unknown,
  maxGas: bigint,
): { params: unknown } | { problem: string } {
  if (method !== 'eth_call' && method !== 'eth_estimateGas') return { params }
  if (!Array.isArray(params)) return { problem: `${method} through this proxy takes its params as an array` }
  const [transaction, block, ...overrides] = params as unknown[]
  // An override object that overrides nothing ({}, or null as some clients send) changes nothing.
  if (overrides.some((each) => each !== undefined && each !== null && !isEmptyObject(each))) {
    return { problem: 'state overrides are not accepted through this proxy' }
  }
  if (typeof transaction !== 'object' || transaction === null || Array.isArray(transaction)) {
    return { problem: `${method} needs a transaction object` }
  }
  const fields = transaction as Record<string, unknown>
  const given = (['gas', 'gasLimit'] as const).filter(
    (name) => fields[name] !== undefined && fields[name] !== null,
  )
  for (const name of given) {
    const value = fields[name]
    if (typeof value !== 'string' || !quantity.test(value)) {
      return { problem: `${name} must be a hex quantity, like 0x5208` }
    }
    if (BigInt(value) > maxGas) {
      return {
        problem: `${method} may use at most ${maxGas} gas through this proxy (${name} asked ${BigInt(value)})`,
      }
    }
  }
  const bounded = given.length > 0 ? fields : { ...fields, gas: `0x${maxGas.toString(16)}` }
  return { params: block === undefined ? [bounded] : [bounded, block] }
}

const isEmptyObject = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0
