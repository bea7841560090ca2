import { expect, type Request, test } from '@playwright/test'
import { expectAccessible } from './axe.ts'
import { headingsSkipped, noSidewaysScroll, watch } from './pageChecks.ts'
import { shownUsNumber, signInByPhone, uniquePhoneNumber } from './signInSteps.ts'

const gate = '0x000000000000000000000000000000000000dEaD'

test('an organisation writes a role, invites a member by phone who accepts and sees it; history and import', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000)
  const problems = watch(page)
  // Every organisation change the page makes, to check it went signed with this browser's device key.
  const sentChanges: Request[] = []
  page.on('request', (sent) => {
    if (/\/api\/v1\/(organizations|invitations)\b/.test(sent.url()) && sent.method() !== 'GET')
      sentChanges.push(sent)
  })
  await signInByPhone(page, request)

  // Create the organisation from the navigation.
  const orgName = `Acme ${Date.now().toString(36)}`
  await page.getByRole('link', { name: 'Organisation', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Organisations', level: 1 })).toBeFocused()
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(orgName)
  await page.getByRole('button', { name: 'Create organisation' }).click()
  await expect(page.getByRole('heading', { name: orgName, level: 1 })).toBeVisible()
  const orgUrl = page.url()

  // Write a role: two responsibilities, one gated authority.
  await page.getByRole('link', { name: 'Write a new role' }).click()
  await expect(page.getByText(/Role documents are public/)).toBeVisible()
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Treasurer')
  await page.getByRole('textbox', { name: 'Description (optional)' }).first().fill('Looks after the money.')
  await page.getByRole('button', { name: 'Add a responsibility' }).click()
  await page.getByRole('button', { name: 'Add a responsibility' }).click()
  await page
    .getByRole('group', { name: 'Responsibility 1' })
    .getByRole('textbox', { name: 'Label' })
    .fill('Keep the books')
  await page
    .getByRole('group', { name: 'Responsibility 2' })
    .getByRole('textbox', { name: 'Label' })
    .fill('Report monthly')
  await page.getByRole('button', { name: 'Add an authority' }).click()
  const authority = page.getByRole('group', { name: 'Authority 1' })
  await authority.getByRole('textbox', { name: 'Label' }).fill('Sign payments')
  // An item's link, image and gate are rarely needed: they wait behind "More".
  await authority.getByText('More: link, image and gate').click()
  await authority.getByRole('textbox', { name: /Gate/ }).fill(gate)
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0)
  expect(await headingsSkipped(page)).toEqual([])
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Save role' }).click()
  // Saved, the page leads on: give the role to someone; where it was published comes last.
  await expect(page.getByRole('heading', { name: 'Role saved: Treasurer', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Assign this role' })).toBeVisible()
  expect(await headingsSkipped(page)).toEqual([])
  await expectAccessible(page)
  const firstCid =
    (
      await page
        .getByText(/^Published as/)
        .locator('code')
        .textContent()
    )?.trim() ?? ''
  expect(firstCid).toMatch(/^(Qm|b)[A-Za-z0-9]+$/)
  const expected = {
    type: '1.0',
    data: {
      name: 'Treasurer',
      description: 'Looks after the money.',
      responsibilities: [{ label: 'Keep the books' }, { label: 'Report monthly' }],
      authorities: [{ label: 'Sign payments', gate }],
    },
  }

  // The gateway link serves the same JSON.
  const gatewayHref =
    (await page.getByRole('link', { name: 'Open the published document' }).getAttribute('href')) ?? ''
  expect(gatewayHref).toContain(`/ipfs/${firstCid}`)
  const gatewayPage = await page.context().newPage()
  const served = await gatewayPage.goto(gatewayHref)
  expect(served?.headers()['content-type']).toContain('application/json')
  expect(await served?.json()).toEqual(expected)
  await gatewayPage.close()

  // Invite a second member by phone.
  const secondPhone = uniquePhoneNumber()
  await page.goto(orgUrl)
  // Its country from the same picker as sign-in, then the number as dialled there.
  const inviteCountry = page.getByRole('combobox', { name: 'Country or region' })
  await inviteCountry.click()
  await page.keyboard.type('United States')
  await page.keyboard.press('Enter')
  await expect(inviteCountry).toHaveValue('United States (+1)')
  await page.getByRole('textbox', { name: 'Phone number' }).fill(shownUsNumber(secondPhone).slice(3))
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(
    page.getByText(`Invited ${shownUsNumber(secondPhone)}: a text with the link is on its way`),
  ).toBeVisible()

  // The second member signs in and accepts.
  const other = await browser.newContext({ locale: 'en-US' })
  const otherPage = await other.newPage()
  await signInByPhone(otherPage, request, secondPhone)
  await otherPage.getByRole('button', { name: `Accept the invitation to ${orgName}` }).click()
  await expect(otherPage.getByRole('button', { name: `Accept the invitation to ${orgName}` })).toBeHidden()

  // The admin assigns the role; the member is listed by their whole number, never "*1234".
  await page.reload()
  const memberRow = page.getByRole('listitem', { name: shownUsNumber(secondPhone) })
  await memberRow.getByRole('radio', { name: 'Treasurer' }).check()
  await memberRow.getByRole('button', { name: 'Assign Treasurer' }).click()
  await expect(memberRow.getByText('Roles: Treasurer')).toBeVisible()

  // The member sees the role, and what it expects, on their home.
  await otherPage.goto('/')
  const held = otherPage.getByRole('listitem', { name: `Treasurer in ${orgName}` })
  await expect(held).toContainText('Keep the books')
  await expect(held).toContainText('Report monthly')
  await expect(held).toContainText('Sign payments')
  await expect(held).toContainText(gate)
  await other.close()

  // Edit the role: both versions in its history.
  await page.getByRole('link', { name: 'Treasurer', exact: true }).click()
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Chief treasurer')
  await page.getByRole('button', { name: 'Save role' }).click()
  await expect(page.getByRole('button', { name: 'View version 2' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'View version 1' })).toBeVisible()
  expect(await headingsSkipped(page)).toEqual([])
  await expectAccessible(page)
  const changes = page.getByRole('table', { name: 'Changes between the two versions' })
  await expect(changes.getByRole('row', { name: /data\.name/ })).toContainText('Chief treasurer')

  // Import the first version by CID.
  await page.goto(orgUrl)
  await page.getByRole('textbox', { name: 'CID or ipfs:// address' }).fill(`ipfs://${firstCid}`)
  await page.getByRole('button', { name: 'Read document' }).click()
  await expect(page.getByRole('article', { name: 'Document: Treasurer' })).toContainText('Keep the books')
  await expect(page.getByRole('link', { name: 'Make it a role' })).toBeVisible()

  // Created, a role saved and edited, an invitation, an assignment: each signed over its own method and URL.
  expect(sentChanges.map((sent) => sent.method())).toEqual(['POST', 'POST', 'POST', 'PUT', 'PUT'])
  for (const sent of sentChanges) {
    expect(await sent.headerValue('privy-authorization-signature')).toMatch(/^[\w+/]+=*$/)
    expect(await sent.headerValue('privy-request-expiry')).toMatch(/^\d+$/)
  }
  // The session's cookie alone (what a thief copies) changes nothing: the device key's signature is missing.
  const orgId = new URL(orgUrl).pathname.split('/').at(-1) ?? ''
  const unsigned = await page.request.put(`/api/v1/organizations/${orgId}/document`, {
    data: { document: { type: '1.0', data: { name: 'Taken' } } },
  })
  expect(unsigned.status()).toBe(401)
  expect((await unsigned.json()).code).toBe('missing_or_invalid_mfa')
  await page.reload()
  await expect(page.getByRole('heading', { name: orgName, level: 1 })).toBeVisible()

  // Deleting the role asks first, in place; keeping it deletes nothing; only the confirmation deletes.
  await page.getByRole('link', { name: 'Chief treasurer', exact: true }).click()
  const ask = page.getByRole('button', { name: 'Delete the role Chief treasurer' })
  await ask.click()
  const question = page.getByRole('group', { name: 'Delete the role Chief treasurer?' })
  await expect(question).toContainText('It ends the role for the 1 person who holds it.')
  await expect(page.getByText('Delete the role Chief treasurer?')).toBeFocused()
  await question.getByRole('button', { name: 'Keep it' }).click()
  await expect(ask).toBeFocused()
  await page.reload()
  await expect(ask).toBeVisible()
  await ask.click()
  await page.getByRole('button', { name: 'Delete role', exact: true }).click()
  await expect(page.getByRole('heading', { name: orgName, level: 1 })).toBeVisible()
  await expect(page.getByText('No roles yet.')).toBeVisible()
  expect(problems).toEqual([])
})
