import { expect, test } from '@playwright/test'
import { noSidewaysScroll, watch } from './pageChecks.ts'
import {
  codeFromOutbox,
  outboxFor,
  shownUsNumber,
  signInByPhone,
  tabTo,
  typeCode,
  typedUsNumber,
  uniqueEmail,
  uniquePhoneNumber,
  wrongCodeFor,
} from './signInSteps.ts'

test('signs in by phone with the keyboard alone, reading the code from the dev outbox', async ({
  page,
  request,
}) => {
  const problems = watch(page)
  const phoneNumber = uniquePhoneNumber()
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  const country = page.getByRole('combobox', { name: 'Country or region' })
  await expect(country).toHaveValue('United States (+1)')
  const phone = page.getByRole('textbox', { name: 'Phone number' })
  await expect(phone).toHaveAttribute('placeholder', '201 555 0123')

  // From the top of the page: skip link, brand, country, number.
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(country).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(phone).toBeFocused()
  await page.keyboard.type('415 2')
  await page.keyboard.press('Enter')
  await expect(phone).toHaveAccessibleDescription(/This phone number is too short/)
  await page.keyboard.press('Backspace')
  await page.keyboard.type(typedUsNumber(phoneNumber).slice(4))
  await page.keyboard.press('Enter')

  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible()
  await expect(page.getByText('We sent a code to')).toHaveText(
    `We sent a code to ${shownUsNumber(phoneNumber)}. It works for 10 minutes. Change number`,
  )
  await expect(page.getByRole('button', { name: /Send a new code in \d+ s/ })).toHaveAttribute(
    'aria-disabled',
    'true',
  )
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
  await typeCode(page, await codeFromOutbox(request, phoneNumber))

  await expect(page.getByText(/Signed in as/)).toHaveText(`Signed in as ${shownUsNumber(phoneNumber)}.`)
  await expect(page.getByRole('heading', { name: 'Wallets' })).toBeVisible()
  await expect(page.getByText('Local mode', { exact: true })).toBeVisible()
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
  expect(problems).toEqual([])
})

test('a reload keeps you signed in', async ({ page, request }) => {
  const phoneNumber = await signInByPhone(page, request)
  await page.reload()
  await expect(page.getByText(/Signed in as/)).toHaveText(`Signed in as ${shownUsNumber(phoneNumber)}.`)
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible()
})

test('signs in by email', async ({ page, request }) => {
  const email = uniqueEmail()
  await page.goto('/')
  await page.getByRole('button', { name: 'Use email instead' }).click()
  const field = page.getByRole('textbox', { name: 'Email address' })
  await expect(field).toBeFocused()
  await field.fill(email)
  await page.keyboard.press('Enter')
  await expect(page.getByText('We sent a code to')).toContainText(email)
  await typeCode(page, await codeFromOutbox(request, email))
  await expect(page.getByText(/Signed in as/)).toHaveText(`Signed in as ${email}.`)
})

test('links an email address to a phone account with the keyboard alone, signed by the device key', async ({
  page,
  request,
}) => {
  const phoneNumber = await signInByPhone(page, request)
  const email = uniqueEmail()

  await tabTo(page, page.getByRole('button', { name: 'Account' }))
  await page.keyboard.press('Enter')
  const account = page.getByRole('region', { name: 'Your account' })
  await expect(account.getByText(shownUsNumber(phoneNumber))).toBeVisible()
  await expect(account.getByText('None yet')).toBeVisible()
  await tabTo(page, account.getByRole('link', { name: 'Add an email address' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Add an email address' })).toBeFocused()
  await tabTo(page, page.getByRole('textbox', { name: 'Email address' }))
  await page.keyboard.type(email)
  const linking = page.waitForRequest('**/api/v1/passwordless/link')
  await page.keyboard.press('Enter')
  await typeCode(page, await codeFromOutbox(request, email))
  await expect(page.getByRole('status')).toContainText(`Done: your email address is now ${email}.`)
  // Only this device could ask: the request carried its signature.
  expect((await linking).headers()['privy-authorization-signature']).toBeTruthy()

  // The server has both now, not just this page, and the phone number was told.
  await page.reload()
  await page.getByRole('button', { name: 'Account' }).click()
  await expect(account.getByText(shownUsNumber(phoneNumber))).toBeVisible()
  await expect(account.getByText(email)).toBeVisible()
  await expect(account.getByRole('link', { name: 'Change email address' })).toBeVisible()
  const { user } = await (await page.request.get('/api/v1/users/me')).json()
  expect(user.linked_accounts).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ type: 'phone', phoneNumber }),
      expect.objectContaining({ type: 'email', address: email }),
    ]),
  )
  await expect
    .poll(async () => (await outboxFor(request, phoneNumber)).map((message) => message.body).join('\n'))
    .toContain('was added to your Charter account')
})

test('changes the phone number with the keyboard alone: a code to the new number, then one to confirm it is you', async ({
  page,
  request,
}) => {
  const oldNumber = await signInByPhone(page, request)
  const signInCode = await codeFromOutbox(request, oldNumber)
  const newNumber = uniquePhoneNumber()

  await tabTo(page, page.getByRole('button', { name: 'Account' }))
  await page.keyboard.press('Enter')
  await tabTo(page, page.getByRole('link', { name: 'Change phone number' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Change your phone number' })).toBeFocused()
  await expect(page.getByText(`Now: ${shownUsNumber(oldNumber)}.`)).toBeVisible()

  // Step 1: the new number, and the code sent to it.
  await expect(page.getByRole('heading', { name: 'Step 1 of 2: your new phone number' })).toBeVisible()
  await tabTo(page, page.getByRole('textbox', { name: 'New phone number' }))
  await page.keyboard.type(typedUsNumber(newNumber))
  await page.keyboard.press('Enter')
  await expect(page.getByText('We sent a code to')).toContainText(shownUsNumber(newNumber))
  await typeCode(page, await codeFromOutbox(request, newNumber))

  // Step 2: a code to the number the account already has (it has nothing else), to confirm it is them.
  await expect(page.getByRole('heading', { name: 'Step 2 of 2: confirm it is you' })).toBeFocused()
  await expect(page.getByText('The code goes to')).toHaveText(
    `The code goes to your phone number ${shownUsNumber(oldNumber)}.`,
  )
  // What to do without that number is there for whoever asks, and out of the way otherwise.
  const help = page.getByText('Add an email address to your account first')
  await expect(help).toBeHidden()
  const lost = page.getByRole('button', { name: `I no longer have ${shownUsNumber(oldNumber)}` })
  await tabTo(page, lost)
  await page.keyboard.press('Enter')
  await expect(help).toBeVisible()
  await expect(help).toContainText('ask your organisation’s administrator for help')
  await page.keyboard.press('Enter')
  await expect(help).toBeHidden()
  await tabTo(page, page.getByRole('button', { name: 'Send code' }), { backwards: true })
  const updating = page.waitForRequest('**/api/v1/passwordless_sms/update')
  await page.keyboard.press('Enter')
  await expect(page.getByText('We sent a code to')).toHaveText(
    `We sent a code to ${shownUsNumber(oldNumber)} to confirm it is you. It works for 10 minutes.`,
  )
  await typeCode(page, await codeFromOutbox(request, oldNumber, signInCode))

  await expect(page.getByRole('status')).toContainText(
    `Done: your phone number is now ${shownUsNumber(newNumber)}.`,
  )
  const update = await updating
  expect(update.headers()['privy-authorization-signature']).toBeTruthy()
  expect(Object.keys(update.postDataJSON()).sort()).toEqual([
    'code',
    'new_phone_number',
    'old_phone_number',
    'step_up_code',
  ])
  // The old number hears of it in plain words.
  await expect
    .poll(async () => (await outboxFor(request, oldNumber))[0]?.body)
    .toMatch(/was changed from .* to /)

  await tabTo(page, page.getByRole('link', { name: 'Back to home' }))
  await page.keyboard.press('Enter')
  await expect(page.getByText(/Signed in as/)).toHaveText(`Signed in as ${shownUsNumber(newNumber)}.`)
})

test('signs out everywhere with the keyboard: the session of another browser ends too', async ({
  page,
  request,
  browser,
}) => {
  const phoneNumber = await signInByPhone(page, request)
  // Another browser (its own cookies and storage), signed in to the same account.
  const { baseURL, locale } = test.info().project.use
  const elsewhere = await browser.newContext({ baseURL, locale })
  const otherBrowser = await elsewhere.newPage()
  await signInByPhone(otherBrowser, request, phoneNumber)

  await page.bringToFront()
  await tabTo(page, page.getByRole('button', { name: 'Account' }))
  await page.keyboard.press('Enter')
  const everywhere = page.getByRole('button', { name: 'Sign out everywhere' })
  await tabTo(page, everywhere)
  await expect(everywhere).toHaveAccessibleDescription(
    'Sign out everywhere ends your sessions on every device and browser, this one too.',
  )
  await page.keyboard.press('Enter')
  // It asks first, saying what happens; Cancel is one Tab away, the sign-out the next.
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText(
    'Every device and browser signed in to your account is signed out at once',
  )
  const confirm = dialog.getByRole('button', { name: 'Sign out everywhere' })
  await tabTo(page, confirm)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Account' })).toHaveCount(0)
  await expect(page.getByText('You signed out everywhere.')).toBeVisible()

  // The other browser still shows the account until it asks the server again; then it is signed out, and
  // says why.
  await otherBrowser.reload()
  await expect(otherBrowser.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(otherBrowser.getByText('You were signed out everywhere.')).toBeVisible()
  await expect(
    otherBrowser.getByRole('status').filter({ hasText: 'You were signed out everywhere.' }),
  ).toContainText('Someone signed out everywhere from one of your devices')
  expect((await otherBrowser.request.get('/api/v1/users/me')).status()).toBe(401)
  await elsewhere.close()
})

test('signs out, here and in every other tab', async ({ page, context, request }) => {
  await signInByPhone(page, request)
  const otherTab = await context.newPage()
  await otherTab.goto('/')
  await expect(otherTab.getByText(/Signed in as/)).toBeVisible()

  await page.bringToFront()
  await page.getByRole('button', { name: 'Account' }).click()
  await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Account' })).toHaveCount(0)

  await expect(otherTab.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(otherTab.getByText(/Signed in as/)).toHaveCount(0)

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  const me = await page.request.get('/api/v1/users/me')
  expect(me.status()).toBe(401)
})

test('a wrong code says so with the tries left, and after five wrong tries even the right code is refused', async ({
  page,
  request,
}) => {
  const phoneNumber = uniquePhoneNumber()
  await page.goto('/')
  await page.getByRole('textbox', { name: 'Phone number' }).fill(typedUsNumber(phoneNumber))
  await page.getByRole('button', { name: 'Send code' }).click()
  const code = await codeFromOutbox(request, phoneNumber)
  const wrong = wrongCodeFor(code)
  const alert = page.getByRole('alert')

  const answers = [
    'That code is not right. Check it and try again (4 tries left).',
    'That code is not right. Check it and try again (3 tries left).',
    'That code is not right. Check it and try again (2 tries left).',
    'That code is not right. Check it and try again (1 try left).',
  ]
  for (const answer of answers) {
    await typeCode(page, wrong)
    await expect(alert).toHaveText(answer)
  }
  // The last wrong try closes the boxes, and the screen says what to do and when.
  await typeCode(page, wrong)
  await expect(alert).toHaveText(
    'That code is not right, and that was the last try. Ask for a new code. The boxes are closed: this code cannot be used any more.',
  )
  for (const box of await page.getByRole('textbox', { name: /^Digit \d of 6$/ }).all()) {
    await expect(box).toBeDisabled()
  }
  await expect(page.getByText(/^Ask for a new code\. You can ask for one (in \d+ s|now)/)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible()
  // Even the right code is refused now, as the server says to whoever sends it.
  const refused = await page.request.post('/api/v1/passwordless_sms/authenticate', {
    data: { phoneNumber, code },
  })
  expect(refused.status()).toBe(429)
  expect((await refused.json()).error).toBe('Too many wrong codes. Ask for a new code and try again.')
  await expect(page.getByText(/Signed in as/)).toHaveCount(0)
})
