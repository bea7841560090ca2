import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, expect, request as newRequest, type Page, test } from '@playwright/test'
import { expectAccessible } from './axe.ts'
import { type OwnServer, startOwnServer } from './ownServer.ts'
import { noSidewaysScroll, watch } from './pageChecks.ts'
import {
  codeFromOutbox,
  outboxFor,
  signInByPhone,
  typeCode,
  typedUsNumber,
  uniquePhoneNumber,
} from './signInSteps.ts'
import { confirmSignature, signatureDialog, walletReady } from './walletSteps.ts'

// Money between colleagues, as the "done when" tells it: Ana pays Ben by picking him from their
// organisation; the server is stopped and started again; Ben's home says he received it, once, and his Activity
// lists it with Ana's name, once. The test runs a server of its own (ownServer.ts) so it can restart it.

let server: OwnServer | undefined
let dataDir: string | undefined

test.afterEach(async () => {
  await server?.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const { locale, viewport, isMobile, hasTouch } = test.info().project.use
  const context = await browser.newContext({ baseURL, locale, viewport, isMobile, hasTouch })
  return context.newPage()
}

const balancesOf = (page: Page) => page.getByRole('region', { name: 'Balances' })

/** Keeps a picture of the page as it stands beside the test's results (test-results/), for a person to look at. */
const picture = (page: Page, state: string) =>
  page.screenshot({ path: test.info().outputPath(`${state}.png`), fullPage: true })

test('Ana pays Ben by picking him from their organisation; after a restart Ben is told once and his Activity lists it with her name', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000)
  const port = 3230 + (testInfo.project.name === 'phone' ? 1 : 0)
  dataDir = mkdtempSync(join(tmpdir(), 'charter-colleagues-'))
  server = await startOwnServer(port, dataDir)
  const request = await newRequest.newContext({ baseURL: server.url })

  // Ana signs in, gets test funds and creates the organisation under her name.
  const ana = await newPage(browser, server.url)
  const anaProblems = watch(ana)
  await signInByPhone(ana, request)
  await walletReady(ana)
  await balancesOf(ana).getByRole('button', { name: 'Get test funds' }).click()
  await expect(
    balancesOf(ana).getByRole('listitem', { name: 'Base Sepolia' }).getByText('10 USDC'),
  ).toBeVisible({
    timeout: 30_000,
  })
  await expectAccessible(ana)
  await ana.goto('/organizations')
  await ana.getByRole('textbox', { name: 'Name', exact: true }).fill('Acme Co-op')
  await ana.getByRole('textbox', { name: 'Your name, as your colleagues will see it' }).fill('Ana Lopez')
  await expectAccessible(ana)
  await ana.getByRole('button', { name: 'Create organisation' }).click()
  await expect(ana.getByRole('heading', { name: 'Acme Co-op', level: 1 })).toBeVisible()

  // …invites Ben by phone; the text's link signs him in to the invitation, and he joins.
  const benPhone = uniquePhoneNumber()
  await ana.getByRole('textbox', { name: 'Phone number' }).fill(typedUsNumber(benPhone))
  await ana.getByRole('textbox', { name: 'Their name (optional)' }).fill('Ben Okafor')
  await ana.getByRole('button', { name: 'Send invitation' }).click()
  await expect(ana.getByText(/a text with the link is on its way/)).toBeVisible()
  await expectAccessible(ana)
  let link = ''
  await expect
    .poll(async () => {
      const [text] = await outboxFor(request, benPhone)
      link = text?.body.match(/http:\/\/\S+\/organizations\/invitation#[\w-]{43}/)?.[0] ?? ''
      return link
    })
    .not.toBe('')
  const ben = await newPage(browser, server.url)
  const benProblems = watch(ben)
  await ben.goto(link)
  await expect(ben.getByRole('heading', { name: 'You are invited', level: 1 })).toBeVisible()
  await picture(ben, 'invitation-link')
  await expectAccessible(ben)
  await ben.getByRole('textbox', { name: 'Phone number' }).fill(typedUsNumber(benPhone))
  await ben.getByRole('button', { name: 'Send code' }).click()
  await typeCode(ben, await codeFromOutbox(request, benPhone))
  await expect(ben.getByRole('heading', { name: 'Join Acme Co-op', level: 1 })).toBeVisible()
  await picture(ben, 'invitation-join')
  await expectAccessible(ben)
  await ben.getByRole('button', { name: 'Accept the invitation to Acme Co-op' }).click()
  await expect(ben.getByRole('listitem', { name: 'Ana Lopez' })).toBeVisible()
  await expectAccessible(ben)

  // Ana pays Ben, picked by name; the form and the dialog say who he is, and the send ends "Sent … to Ben".
  await ana.goto('/')
  await ana.getByRole('navigation', { name: 'Move money' }).getByRole('link', { name: 'Send' }).click()
  await ana.getByRole('combobox', { name: 'Network' }).selectOption({ label: 'Base Sepolia (local devnet)' })
  const recipient = ana.getByRole('combobox', { name: 'Recipient' })
  await recipient.pressSequentially('Ben')
  await ana
    .getByRole('listbox', { name: 'Colleagues' })
    .getByRole('option', { name: /^Ben Okafor/ })
    .click()
  await expect(ana.getByText('Ben Okafor · Acme Co-op', { exact: true })).toBeVisible()
  await ana.getByRole('textbox', { name: /^Amount/ }).fill('2.5')
  // A USDC send on the embedded server is one whose fee Charter pays (SPONSOR_FEES=members by default).
  await expect(ana.locator('.fee-line')).toHaveText(/^Network fee: paid by Charter/)
  await expect(ana.getByText(/Nobody has used this address/)).toHaveCount(0)
  await picture(ana, 'send-form-colleague')
  expect(await noSidewaysScroll(ana)).toBeLessThanOrEqual(0)
  await expectAccessible(ana)
  await ana.getByRole('button', { name: 'Review and send' }).click()
  const dialog = signatureDialog(ana)
  await expect(dialog.getByText('Ben Okafor · Acme Co-op', { exact: true })).toBeInViewport()
  await picture(ana, 'send-dialog')
  await expectAccessible(ana)
  await confirmSignature(ana)
  const status = ana.getByRole('region', { name: 'Send status' })
  await expect(status.getByRole('heading', { name: 'Sent 2.5 USDC to Ben Okafor' })).toBeVisible({
    timeout: 30_000,
  })
  await picture(ana, 'send-done')
  await expectAccessible(ana)

  // The server stops and starts again on the same data: nothing is lost, nothing doubled.
  await server.stop()
  server = await startOwnServer(port, dataDir)

  // Ben's home says it once, and his balance shows it without a reload.
  await ben.goto('/')
  const notice = ben.getByRole('status').filter({ hasText: 'You received' })
  await expect(notice).toContainText('You received 2.5 USDC from Ana Lopez', { timeout: 30_000 })
  await picture(ben, 'home-received')
  await expect(
    balancesOf(ben).getByRole('listitem', { name: 'Base Sepolia' }).getByText('2.5 USDC'),
  ).toBeVisible({
    timeout: 30_000,
  })
  expect(await noSidewaysScroll(ben)).toBeLessThanOrEqual(0)
  await expectAccessible(ben)

  // His Activity lists it once, with Ana's name and organisation.
  await ben.goto('/wallet/activity')
  const received = ben.getByRole('listitem').filter({ hasText: /^Received 2\.5 USDC/ })
  await expect(received).toHaveCount(1, { timeout: 30_000 })
  await expect(received).toContainText('from Ana Lopez · Acme Co-op')
  await picture(ben, 'activity-received')
  await expectAccessible(ben)

  // Told once: the home does not say it again.
  await ben.goto('/')
  await expect(
    balancesOf(ben).getByRole('listitem', { name: 'Base Sepolia' }).getByText('2.5 USDC'),
  ).toBeVisible({
    timeout: 30_000,
  })
  await ben.waitForTimeout(3_000)
  await expect(ben.getByText('You received 2.5 USDC from Ana Lopez')).toHaveCount(0)

  // Ana's Activity keeps what she sent.
  await ana.goto('/wallet/activity')
  await expect(ana.getByText(/2\.5 USDC/).first()).toBeVisible({ timeout: 30_000 })
  await expectAccessible(ana)
  expect(anaProblems).toEqual([])
  expect(benProblems).toEqual([])
  await request.dispose()
})
