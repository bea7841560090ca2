import { escapeHtml } from '../http/escapeHtml.ts'

/** A form of the page: it posts back to the sandbox (`action`, a same-origin path) with a button. */
export type SandboxForm = {
  action: string
  button: string
  /** A field that asks for the amount, for a token minted without one. */
  askAmount?: { label: string; max: string }
}

/**
 * The sandbox's page: Charter's own HTML, no script and no inline style (the server's CSP allows neither), and
 * every piece of text escaped, since the link's values come from whoever wrote the link.
 */
export function sandboxPage(content: {
  heading: string
  paragraphs: string[]
  forms?: SandboxForm[]
}): string {
  const forms = (content.forms ?? [])
    .map(
      (form) =>
        `<form method="post" action="${escapeHtml(form.action)}">${
          form.askAmount
            ? `<p><label>${escapeHtml(form.askAmount.label)} <input name="amount" inputmode="decimal" required autocomplete="off"></label> (at most ${escapeHtml(form.askAmount.max)})</p>`
            : ''
        }<button type="submit">${escapeHtml(form.button)}</button></form>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Coinbase Onramp sandbox</title>
</head>
<body>
<main>
<h1>Coinbase Onramp sandbox</h1>
<p><strong>This is a sandbox: no money moves. Completing credits the local devnet.</strong></p>
<h2>${escapeHtml(content.heading)}</h2>
${content.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n')}
${forms}
</main>
</body>
</html>
`
}
