import fc from 'fast-check'

/**
 * The pieces of a fuzzed JSON body that a plain JavaScript value cannot hold, and the one function that
 * writes a body out as text. A case keeps them symbolic, so its counterexample reads short.
 */

/** JSON text put into the body as it is: numbers JavaScript cannot hold (1e400), nesting 10,000 deep. */
export class RawJson {
  readonly text: string
  readonly label: string

  constructor(text: string, label = text) {
    this.text = text
    this.label = label
  }

  [fc.toStringMethod]() {
    return `raw(${this.label})`
  }
}

/** An object written with its keys in this order, duplicates and `__proto__` included: {"a":1,"a":2}. */
export class JsonEntries {
  readonly entries: [string, unknown][]

  constructor(entries: [string, unknown][]) {
    this.entries = entries
  }

  [fc.toStringMethod]() {
    return printValue(this)
  }
}

export type PlaceholderName =
  | 'member.email'
  | 'member.phone'
  | 'member.refreshToken'
  | 'member.sessionId'
  | 'member.spareSessionId'
  | 'other.sessionId'
  | 'member.evmWallet'
  | 'member.walletForMethod'
  | 'member.solanaWallet'
  | 'member.evmAddress'
  | 'member.solanaAddress'
  | 'member.userId'
  | 'fresh.userId'
  | 'member.publicKey'
  | 'member.exportCode'
  | 'member.registerKeyCode'
  | 'other.evmWallet'
  | 'fresh.email'
  | 'fresh.phone'
  | 'fresh.publicKey'
  | 'wrongCurve.publicKey'
  | 'ed25519.publicKey'
  | 'future.expiry'
  | 'fresh.idempotencyKey'
  | 'farFuture.expiry'
  | 'signIn.email'
  | 'signIn.sms'
  | 'link.email'
  | 'link.sms'
  | 'solanaTransaction'

/** How a Solana wire transaction is built around the member's key (see `solanaTransaction` in Member). */
export type SolanaTransactionSpec = {
  /** null: a legacy message; else the version in the message's first byte (0 is v0). */
  version: number | null
  requiredSignatures: number
  /** Added to the required signatures to give the number of signature slots. */
  slotsDelta: number
  /** Where the member's key sits among the accounts; -1 for nowhere. */
  memberAt: number
  extraAccounts: number
  tail: number[]
  /** Bytes cut off the end. */
  cut: number
}

/**
 * A value known only when the case runs: the signed-in member's address or wallet id, a fresh address, a
 * real sign-in code. It prints as `<name>`.
 */
export class Placeholder {
  readonly name: PlaceholderName
  readonly options: Record<string, unknown>

  constructor(name: PlaceholderName, options: Record<string, unknown> = {}) {
    this.name = name
    this.options = options
  }

  [fc.toStringMethod]() {
    const options = Object.keys(this.options).length > 0 ? ` ${JSON.stringify(this.options)}` : ''
    return `<${this.name}${options}>`
  }
}

/** Whether a value holds a placeholder anywhere (most hold none, and need no resolving). */
function holdsPlaceholder(value: unknown): boolean {
  if (value instanceof Placeholder) return true
  if (value instanceof RawJson || value === null || typeof value !== 'object') return false
  const children = value instanceof JsonEntries ? value.entries.map(([, each]) => each) : Object.values(value)
  return children.some(holdsPlaceholder)
}

/** Replaces every placeholder of a value with what `resolve` gives for it (objects become JsonEntries). */
export async function resolvePlaceholders(
  value: unknown,
  resolve: (placeholder: Placeholder) => Promise<unknown>,
): Promise<unknown> {
  if (!holdsPlaceholder(value)) return value
  if (value instanceof Placeholder) return resolve(value)
  if (Array.isArray(value)) {
    const resolved: unknown[] = []
    for (const each of value) resolved.push(await resolvePlaceholders(each, resolve))
    return resolved
  }
  const entries = value instanceof JsonEntries ? value.entries : Object.entries(value as object)
  const resolved: [string, unknown][] = []
  for (const [key, each] of entries) resolved.push([key, await resolvePlaceholders(each, resolve)])
  return new JsonEntries(resolved)
}

/**
 * The JSON text of a value with its raw pieces and duplicate keys kept. Strings go through JSON.stringify,
 * which writes a lone surrogate as the escape `\ud800`: the text stays valid UTF-8, the parsed value does not.
 */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text
  if (value instanceof Placeholder) throw new Error(`unresolved placeholder <${value.name}>`)
  if (value instanceof JsonEntries) {
    return `{${value.entries.map(([key, each]) => `${JSON.stringify(key)}:${toJsonText(each)}`).join(',')}}`
  }
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`
  if (value !== null && typeof value === 'object') return toJsonText(new JsonEntries(Object.entries(value)))
  if (value === undefined || (typeof value === 'number' && !Number.isFinite(value))) return 'null'
  return JSON.stringify(value)
}

/** A value as a counterexample shows it: long strings cut short, placeholders and raw pieces by their labels. */
export function printValue(value: unknown): string {
  if (typeof value === 'string') {
    return value.length > 120
      ? `${printString(value.slice(0, 60))}…(${value.length} chars)`
      : printString(value)
  }
  if (value instanceof RawJson || value instanceof Placeholder) return value[fc.toStringMethod]()
  if (value instanceof JsonEntries) {
    return `{${value.entries.map(([key, each]) => `${printValue(key)}: ${printValue(each)}`).join(', ')}}`
  }
  if (Array.isArray(value)) return `[${value.map(printValue).join(', ')}]`
  if (value !== null && typeof value === 'object') return printValue(new JsonEntries(Object.entries(value)))
  return fc.stringify(value)
}

/** A string as JSON writes it, with DEL and the C1 controls escaped too, so nothing in it is invisible. */
const printString = (text: string) =>
  JSON.stringify(text).replace(
    /[\u007f-\u009f]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
