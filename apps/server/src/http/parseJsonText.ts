/** How deep JSON may nest: far beyond any real request, far below what a recursive walk can take. */
export const maxJsonDepth = 64

export type ParsedJson = { ok: true; value: unknown } | { ok: false; problem: string }

/**
 * Parses a request body and refuses, before any work is done with it, what would trouble a later step: nesting
 * deeper than 64, numbers JSON cannot carry (1e400 parses as Infinity, which no canonical form has), and strings
 * (or keys) with a NUL or a lone surrogate, which are not text and which PostgreSQL refuses to store.
 */
export function parseJsonText(text: string): ParsedJson {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, problem: 'The request body is not valid JSON.' }
  }
  const problem = findJsonProblem(value)
  return problem ? { ok: false, problem } : { ok: true, value }
}

// In a `u` pattern a surrogate pair reads as one code point, so only a surrogate standing alone matches.
const loneSurrogate = /\p{Surrogate}/u

function stringProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'a string contains a NUL character (\\u0000)'
  if (loneSurrogate.test(text)) return 'a string contains a lone surrogate, which is not valid Unicode'
  return undefined
}

/** Walks the value without recursion, so no input can exhaust the stack. */
export function findJsonProblem(root: unknown): string | undefined {
  const stack: [unknown, number][] = [[root, 1]]
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [unknown, number]
    if (typeof value === 'string') {
      const problem = stringProblem(value)
      if (problem) return `The request body is refused: ${problem}.`
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return 'The request body is refused: a number is too large for JSON.'
    } else if (value !== null && typeof value === 'object') {
      if (depth > maxJsonDepth) {
        return `The request body is refused: it nests deeper than ${maxJsonDepth} levels.`
      }
      if (Array.isArray(value)) {
        for (const item of value) stack.push([item, depth + 1])
      } else {
        for (const [key, item] of Object.entries(value)) {
          const problem = stringProblem(key)
          if (problem) return `The request body is refused: a key ${problem.replace(/^a string /, '')}.`
          stack.push([item, depth + 1])
        }
      }
    }
  }
  return undefined
}
