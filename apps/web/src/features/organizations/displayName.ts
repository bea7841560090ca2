/** The longest name a member may go by, in characters: the server's own rule (organizations/memberNames.ts). */
export const displayNameMaxLength = 80

// As the server refuses them: control characters, and the marks that would make a name read as another.
const hidden = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u

/** Characters as a person counts them (an emoji is one). */
export const characterCount = (text: string) => [...text.trim()].length

/** What is wrong with a name, as the server would say it; nothing when it is fine. */
export function displayNameProblem(text: string): string | undefined {
  const name = text.trim()
  if (name === '') return 'Enter the name you go by.'
  if (hidden.test(name))
    return 'Use letters, digits, spaces and punctuation only (no line breaks or hidden characters).'
  const count = characterCount(name)
  if (count > displayNameMaxLength)
    return `Shorten it to ${displayNameMaxLength} characters (it has ${count}).`
  return undefined
}
