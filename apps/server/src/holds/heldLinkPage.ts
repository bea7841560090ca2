import { Hono } from 'hono'
import { escapeHtml } from '../http/escapeHtml.ts'
import type { NewDeviceHold } from './newDeviceHold.ts'

const when = (seconds: number) =>
  `${new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`

/** Charter's own small page: no script, no inline style (the server's CSP allows neither), every text escaped. */
function page(heading: string, paragraphs: string[], form?: { action: string; button: string }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Charter: ${escapeHtml(heading)}</title>
</head>
<body>
<main>
<h1>${escapeHtml(heading)}</h1>
${paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n')}
${form ? `<form method="post" action="${escapeHtml(form.action)}"><button type="submit">${escapeHtml(form.button)}</button></form>` : ''}
</main>
</body>
</html>
`
}

/**
 * `/held/{token}`: the one-use link every held action's notice carries. Opening it shows what it would cancel
 * and cancels nothing (a mail client's link preview opens links); its button posts back and cancels, without
 * signing in: whoever reads the notice at one of the member's addresses may stop what a new device asked. Once
 * cancelled, gone ahead, or past its time, the page says so.
 */
export function heldLinkPage(hold: NewDeviceHold) {
  return new Hono()
    .use(async (c, next) => {
      await next()
      c.header('Cache-Control', 'no-store')
      // The form must post with this origin's name (the host guard refuses `Origin: null`, which a browser sends
      // under Charter's no-referrer); same-origin gives the URL, and its token, to this origin alone.
      c.header('Referrer-Policy', 'same-origin')
    })
    .get('/:token', async (c) => {
      const token = c.req.param('token')
      const seen = await hold.describeLink(token)
      if (seen.refusal || !seen.summary || seen.opens_at === undefined) {
        return c.html(page('Nothing to cancel', [seen.refusal ?? '']), seen.summary ? 409 : 404)
      }
      return c.html(
        page(
          'Cancel this request?',
          [
            `A device signed in to your Charter account asked to: ${seen.summary}.`,
            `It will happen at ${when(seen.opens_at)} unless you cancel it. If it was not you, cancel it, then open Charter on a device you trust.`,
          ],
          { action: `/held/${encodeURIComponent(token)}`, button: 'Cancel it' },
        ),
      )
    })
    .post('/:token', async (c) => {
      const outcome = await hold.cancelByLink(c.req.param('token'))
      return outcome.cancelled
        ? c.html(page('Cancelled', [outcome.message]))
        : c.html(page('Nothing to cancel', [outcome.message]), 409)
    })
}
