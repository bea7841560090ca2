import { describeUserAgent } from '@charter/core'

/** The longest name the server takes for a passkey. */
export const maxPasskeyNameLength = 60

/** A passkey's name as the server keeps it: one line, spaces collapsed. */
export const cleanPasskeyName = (name: string) => name.replace(/\s+/g, ' ').trim()

/** What is wrong with a name, in words; undefined when the server will take it. */
export function passkeyNameProblem(name: string): string | undefined {
  const cleaned = cleanPasskeyName(name)
  if (cleaned.length === 0) return 'Give the passkey a name.'
  if (cleaned.length > maxPasskeyNameLength) {
    return `Give the passkey a name of at most ${maxPasskeyNameLength} characters.`
  }
  return undefined
}

/**
 * A name for a passkey made on this browser, "Chrome on Mac": where the member will look for it. A password manager
 * or a security key may keep it elsewhere, so the field stays editable.
 */
export function suggestedPasskeyName(userAgent = navigator.userAgent): string {
  const device = describeUserAgent(userAgent)
  return device.startsWith('An unknown') ? 'Passkey' : device
}
