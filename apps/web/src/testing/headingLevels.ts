/**
 * The levels of the page's headings in document order, and the first jump of more than one level down (axe's
 * `heading-order`: an h2 followed by an h4 skips one), or undefined when none skips.
 */
export function headingSkip(root: ParentNode = document): string | undefined {
  const headings = [...root.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')]
  let previous = 0
  for (const heading of headings) {
    const level = Number(heading.tagName.slice(1))
    if (level > previous + 1) return `h${level} "${heading.textContent}" after h${previous}`
    previous = level
  }
  return undefined
}
