/**
 * A number the real RPC writes as a float (Rust's f64: `1.0`, never `1`). `@solana/kit` reads every integer
 * literal as a bigint, so a whole `uiAmount` written as `1` would reach a caller as `1n`; `1.0` stays a number.
 */
export class Float {
  constructor(readonly value: number) {}
}

/**
 * JSON text for an answer, writing bigints as plain integer literals: Solana's lamports, slots and `rentEpoch`
 * (u64::MAX) pass 2^53, where `JSON.stringify` would either throw or round.
 */
export function toJsonText(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'bigint') return value.toString()
  if (value instanceof Float) {
    const text = JSON.stringify(value.value)
    return Number.isInteger(value.value) && !/e/i.test(text) ? `${text}.0` : text
  }
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`
  if (typeof value === 'object') {
    const fields = Object.entries(value).filter(([, field]) => field !== undefined)
    return `{${fields.map(([key, field]) => `${JSON.stringify(key)}:${toJsonText(field)}`).join(',')}}`
  }
  return JSON.stringify(value)
}
