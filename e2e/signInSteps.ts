import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test'

const randomDigits = (count: number) =>
  Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('')

/** A valid US mobile number ('+1415' '2xx' 'xxxx') that no other test uses, in E.164. */
export const uniquePhoneNumber = () => `+14152${randomDigits(6)}`

/** The national part, as a person in the US types it: '415 2xx xxxx'. */
export const typedUsNumber = (e164: string) => `${e164.slice(2, 5)} ${e164.slice(5, 8)} ${e164.slice(8)}`

export const uniqueEmail = () => `member-${Date.now().toString(36)}-${randomDigits(6)}@example.org`

export type OutboxMessage = { channel: 'sms' | 'email'; to: string; subject?: string; body: string }

/** The token the dev outbox answers to, which the server made in its DATA_DIR (playwright.config.ts). */
function outboxToken(): string {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the tests with -c e2e/playwright.config.ts')
  return readFileSync(join(dataDir, 'dev-outbox-token'), 'utf8').trim()
}

/** What the dev outbox holds for `to` (E.164 or lower-case email), newest first: codes and notices. */
export async function outboxFor(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const answer = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`, {
    headers: { 'x-dev-outbox-token': outboxToken() },
  })
  return ((await answer.json()) as { messages: OutboxMessage[] }).messages
}

/**
 * The newest code the dev outbox holds for `to` (E.164 or lower-case email), waiting for one that is not
 * `other` (an earlier code) to arrive. Notices (an address changed) carry no code and are passed over.
 */
export async function codeFromOutbox(
  request: APIRequestContext,
  to: string,
  other?: string,
): Promise<string> {
  let code: string | undefined
  await expect
    .poll(
      async () => {
        const codes = (await outboxFor(request, to)).flatMap(
          (message) => message.body.match(/\b(\d{6})\b/)?.[1] ?? [],
        )
        code = codes[0]
        return code !== undefined && code !== other
      },
      { message: `a code for ${to} in the dev outbox` },
    )
    .toBe(true)
  return code as string
}

/** Presses Tab (or Shift+Tab) until `target` has focus, at most `limit` times, as a keyboard user reaches it. */
export async function tabTo(
  page: Page,
  target: Locator,
  options: { backwards?: boolean; limit?: number } = {},
) {
  const key = options.backwards ? 'Shift+Tab' : 'Tab'
  for (let presses = 0; presses < (options.limit ?? 25); presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press(key)
  }
  await expect(target).toBeFocused()
}

/** A six-digit code that is certainly not `code`. */
export const wrongCodeFor = (code: string) => code.replace(/^\d/, (digit) => String((Number(digit) + 1) % 10))

/** Types into the code boxes, which take focus when the code screen opens or a try fails. */
export async function typeCode(page: Page, code: string) {
  await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeFocused()
  await page.keyboard.type(code)
}

/** Signs in by phone through the sign-in screen; answers the number used. */
export async function signInByPhone(
  page: Page,
  request: APIRequestContext,
  phoneNumber = uniquePhoneNumber(),
) {
  await page.goto('/')
  await page.getByRole('textbox', { name: 'Phone number' }).fill(typedUsNumber(phoneNumber))
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByText('We sent a code to')).toContainText(shownUsNumber(phoneNumber))
  await typeCode(page, await codeFromOutbox(request, phoneNumber))
  await expect(page.getByText(/Signed in as/)).toBeVisible()
  return phoneNumber
}

/** '+14152345678' as the app shows it: '+1 415 234 5678'. */
export const shownUsNumber = (e164: string) => `+1 ${e164.slice(2, 5)} ${e164.slice(5, 8)} ${e164.slice(8)}`
