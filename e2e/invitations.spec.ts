import { expect, test } from '@playwright/test'
import { headingsSkipped, noSidewaysScroll, watch } from './pageChecks.ts'
import {
  codeFromOutbox,
  outboxFor,
  shownUsNumber,
  signInByPhone,
  typeCode,
  typedUsNumber,
  uniquePhoneNumber,
} from './signInSteps.ts'

test('an admin invites a phone number: the text carries a link that signs the invitee in to the invitation, and they join by name', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000)
  const problems = watch(page)
  await signInByPhone(page, request)

  // The admin creates an organisation, giving the name they go by there.
  const orgName = `Choir ${Date.now().toString(36)}`
  await page.goto('/organizations')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(orgName)
  const myName = page.getByRole('textbox', { name: 'Your name, as your colleagues will see it' })
  await myName.fill('Ana Admin')
  await expect(myName).toHaveAccessibleDescription(/^9 of 80 characters\./)
  expect(await headingsSkipped(page)).toEqual([])
  await page.getByRole('button', { name: 'Create organisation' }).click()
  await expect(page.getByRole('heading', { name: orgName, level: 1 })).toBeVisible()
  await expect(page.getByRole('listitem', { name: 'Ana Admin (you)' })).toBeVisible()

  // …and invites a phone number, with the name the invitee goes by.
  const invitee = uniquePhoneNumber()
  await page.getByRole('textbox', { name: 'Phone number' }).fill(typedUsNumber(invitee))
  await page.getByRole('textbox', { name: 'Their name (optional)' }).fill('Ben Invitee')
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(
    page.getByText(`Invited ${shownUsNumber(invitee)}: a text with the link is on its way`),
  ).toBeVisible()
  await expect(
    page.getByRole('button', { name: `Revoke the invitation of ${shownUsNumber(invitee)}` }),
  ).toBeVisible()
  expect(await headingsSkipped(page)).toEqual([])
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)

  // The text is in the dev outbox: who invited, to what, and the link.
  let link = ''
  await expect
    .poll(async () => {
      const [text] = await outboxFor(request, invitee)
      link = text?.body.match(/http:\/\/\S+\/organizations\/invitation#[\w-]{43}/)?.[0] ?? ''
      return text?.body ?? ''
    })
    .toContain(`Ana Admin invited you to join “${orgName}” on Charter`)
  expect(link).not.toBe('')

  // A fresh browser opens the link: it signs in there, in place, with the invited number.
  const fresh = await browser.newContext({ locale: 'en-US' })
  const visitor = await fresh.newPage()
  const visitorProblems = watch(visitor)
  await visitor.goto(link)
  await expect(visitor.getByRole('heading', { name: 'You are invited', level: 1 })).toBeVisible()
  expect(await headingsSkipped(visitor)).toEqual([])
  await visitor.getByRole('textbox', { name: 'Phone number' }).fill(typedUsNumber(invitee))
  await visitor.getByRole('button', { name: 'Send code' }).click()
  await typeCode(visitor, await codeFromOutbox(request, invitee))

  // …and lands on the invitation, its name offered as theirs.
  await expect(visitor.getByRole('heading', { name: `Join ${orgName}`, level: 1 })).toBeVisible()
  await expect(visitor.getByRole('heading', { name: 'Ana Admin invites you', level: 2 })).toBeVisible()
  await expect(visitor.getByText(/The invitation works until/)).toBeVisible()
  const theirName = visitor.getByRole('textbox', { name: 'Your name, as your colleagues will see it' })
  await expect(theirName).toHaveValue('Ben Invitee')
  expect(await headingsSkipped(visitor)).toEqual([])
  expect(await noSidewaysScroll(visitor)).toBeLessThanOrEqual(0)
  await visitor.getByRole('button', { name: `Accept the invitation to ${orgName}` }).click()

  // They are in, listed by name beside the admin.
  await expect(visitor.getByRole('heading', { name: orgName, level: 1, exact: true })).toBeVisible()
  await expect(visitor.getByRole('listitem', { name: 'Ben Invitee (you)' })).toBeVisible()
  await expect(visitor.getByRole('listitem', { name: 'Ana Admin' })).toBeVisible()
  expect(await headingsSkipped(visitor)).toEqual([])

  // The link, opened again, says it was used; accepting again is not offered.
  await visitor.goto(link)
  await expect(visitor.getByText('This invitation was accepted.')).toBeVisible()
  await expect(visitor.getByRole('button', { name: /^Accept/ })).toBeHidden()
  await fresh.close()

  // The admin sees the new member by name, and no invitation waiting.
  await page.reload()
  await expect(page.getByRole('listitem', { name: 'Ben Invitee' })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Revoke the invitation/ })).toBeHidden()
  expect(problems).toEqual([])
  expect(visitorProblems).toEqual([])
})

test('an invitation link opened by someone else says only that it is for another number', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000)
  await signInByPhone(page, request)
  const orgName = `Secret ${Date.now().toString(36)}`
  await page.goto('/organizations')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(orgName)
  await page.getByRole('button', { name: 'Create organisation' }).click()
  await expect(page.getByRole('heading', { name: orgName, level: 1 })).toBeVisible()
  const invitee = uniquePhoneNumber()
  await page.getByRole('textbox', { name: 'Phone number' }).fill(typedUsNumber(invitee))
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText(/a text with the link is on its way/)).toBeVisible()
  let link = ''
  await expect
    .poll(async () => {
      const [text] = await outboxFor(request, invitee)
      link = text?.body.match(/http:\/\/\S+\/organizations\/invitation#[\w-]{43}/)?.[0] ?? ''
      return link
    })
    .not.toBe('')

  const stranger = await browser.newContext({ locale: 'en-US' })
  const strangerPage = await stranger.newPage()
  await signInByPhone(strangerPage, request)
  await strangerPage.goto(link)
  await expect(strangerPage.getByRole('alert')).toHaveText(
    'This invitation is for another phone number or email.',
  )
  await expect(strangerPage.getByText(orgName)).toBeHidden()
  await stranger.close()
})
