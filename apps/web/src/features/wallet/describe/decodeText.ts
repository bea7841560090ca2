const decoder = new TextDecoder('utf-8', { fatal: true })

/**
 * The bytes as text when they are valid UTF-8 a person can read (no control characters but tab and line
 * breaks); undefined otherwise, so the dialog shows the bytes instead of garbage.
 */
export function decodeText(bytes: Uint8Array): string | undefined {
  let text: string
  try {
    text = decoder.decode(bytes)
  } catch {
    return undefined
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is looked for.
  return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) ? undefined : text
}
