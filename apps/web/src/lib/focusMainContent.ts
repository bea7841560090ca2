/**
 * After a step replaces the screen the focused control was on (signed in, signed out), puts focus at the start
 * of the page's main content, so keyboard and screen-reader users continue there rather than from the top.
 */
export function focusMainContent(): void {
  document.querySelector<HTMLElement>('main')?.focus()
}
