export type MarkdownTableRow = Record<string, string>

/**
 * The first table under a heading of a markdown document, one record per row keyed by the header's cells,
 * with code spans unwrapped and `\|` read as `|`. The tests that hold docs/ to the code read their tables
 * with it, so a table in a doc cannot drift from what it describes. Throws when the heading or table is
 * missing.
 */
export function markdownTable(markdown: string, heading: string): MarkdownTableRow[] {
  const lines = markdown.split('\n')
  const isHeading = (line: string) => /^#{1,6} /.test(line)
  const start = lines.findIndex((line) => isHeading(line) && line.replace(/^#+ /, '').trim() === heading)
  if (start === -1) throw new Error(`The document has no heading "${heading}"`)
  const rows: string[][] = []
  for (const line of lines.slice(start + 1)) {
    if (isHeading(line)) break
    if (line.startsWith('|')) rows.push(cells(line))
    else if (rows.length > 0) break
  }
  const [header, separator, ...body] = rows
  if (!header || !separator) throw new Error(`There is no table under "${heading}"`)
  return body.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])))
}

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) =>
      cell
        .trim()
        .replaceAll('\\|', '|')
        .replace(/`([^`]*)`/g, '$1'),
    )
}
