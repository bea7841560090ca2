import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestServer } from '../testing/startTestServer.ts'
import { SendFailedError } from './SendFailedError.ts'
import { smtpEmailSender } from './SmtpEmailSender.ts'
import { twilioSmsSender } from './TwilioSmsSender.ts'

const accountSid = `AC${'1'.repeat(32)}`
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

type Received = { method: string; url: string; authorization: string; form: URLSearchParams }

/** A local stand-in for Twilio's Messages API that records what it receives and answers as told. */
async function fakeTwilio(status: number, answer: object): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = []
  const server: Server = createServer(async (request: IncomingMessage, response) => {
    let body = ''
    for await (const chunk of request) body += chunk
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization ?? '',
      form: new URLSearchParams(body),
    })
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(() => new Promise((resolve) => server.close(() => resolve())))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received }
}

describe('twilioSmsSender', () => {
  it('posts the message to the account’s Messages resource with basic auth', async () => {
    const twilio = await fakeTwilio(201, { sid: 'SM1', status: 'queued' })
    const sender = twilioSmsSender({
      accountSid,
      authToken: 'secret-token',
      from: '+15005550006',
      apiUrl: twilio.url,
    })
    await sender.send({ to: '+14155552671', body: '123456 is your Charter code.' })
    expect(twilio.received).toHaveLength(1)
    const [request] = twilio.received
    expect(request?.method).toBe('POST')
    expect(request?.url).toBe(`/2010-04-01/Accounts/${accountSid}/Messages.json`)
    expect(request?.authorization).toBe(
      `Basic ${Buffer.from(`${accountSid}:secret-token`).toString('base64')}`,
    )
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: '+14155552671',
      From: '+15005550006',
      Body: '123456 is your Charter code.',
    })
  })

  it('sends through a messaging service when the sender is one', async () => {
    const twilio = await fakeTwilio(201, { sid: 'SM2' })
    const from = `MG${'2'.repeat(32)}`
    await twilioSmsSender({ accountSid, authToken: 't', from, apiUrl: twilio.url }).send({
      to: '+1',
      body: 'b',
    })
    expect(twilio.received[0]?.form.get('MessagingServiceSid')).toBe(from)
    expect(twilio.received[0]?.form.has('From')).toBe(false)
  })

  it('turns a refusal into SendFailedError with Twilio’s reason in the details only', async () => {
    const twilio = await fakeTwilio(400, {
      code: 21211,
      message: "The 'To' number is not a valid phone number.",
    })
    const sender = twilioSmsSender({ accountSid, authToken: 't', from: '+15005550006', apiUrl: twilio.url })
    const error = await sender.send({ to: '+1', body: 'b' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(SendFailedError)
    expect((error as SendFailedError).shortMessage).toBe(
      'The SMS with your code could not be sent. Please try again in a moment.',
    )
    expect((error as SendFailedError).details).toContain('21211')
  })

  it('turns an unreachable Twilio into SendFailedError', async () => {
    const sender = twilioSmsSender({ accountSid, authToken: 't', from: '+1', apiUrl: 'http://127.0.0.1:1' })
    await expect(sender.send({ to: '+1', body: 'b' })).rejects.toBeInstanceOf(SendFailedError)
  })
})

describe('smtpEmailSender', () => {
  it('delivers the message to the SMTP server with the configured sender', async () => {
    const mails: { from: string; to: string[]; data: string; user: string | undefined }[] = []
    const server = new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      onAuth: (auth, _session, callback) =>
        auth.username === 'charter' && auth.password === 'pw'
          ? callback(null, { user: auth.username })
          : callback(new Error('bad credentials')),
      onData: (stream, session, callback) => {
        let data = ''
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString()
        })
        stream.on('end', () => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            data,
            user: session.user as string | undefined,
          })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    closers.push(() => new Promise((resolve) => server.close(() => resolve())))
    const port = (server.server.address() as AddressInfo).port

    const sender = smtpEmailSender({
      url: `smtp://charter:pw@127.0.0.1:${port}`,
      from: 'Charter <codes@example.org>',
    })
    closers.push(async () => sender.close())
    await sender.send({
      to: 'ada@example.org',
      subject: '123456 is your Charter code',
      text: 'Your code is 123456.',
    })

    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ from: 'codes@example.org', to: ['ada@example.org'], user: 'charter' })
    expect(mails[0]?.data).toContain('Subject: 123456 is your Charter code')
    expect(mails[0]?.data).toContain('Your code is 123456.')
  })

  it('turns a refused login into SendFailedError', async () => {
    const server = new SMTPServer({
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      onAuth: (_auth, _session, callback) => callback(new Error('bad credentials')),
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    closers.push(() => new Promise((resolve) => server.close(() => resolve())))
    const port = (server.server.address() as AddressInfo).port
    const sender = smtpEmailSender({
      url: `smtp://charter:wrong@127.0.0.1:${port}`,
      from: 'codes@example.org',
    })
    closers.push(async () => sender.close())
    await expect(sender.send({ to: 'a@example.org', subject: 's', text: 't' })).rejects.toBeInstanceOf(
      SendFailedError,
    )
  })
})

describe('the SMTP sender, seen from the server', () => {
  it('is closed when the server stops: its open connection to the SMTP server ends', async () => {
    const connections = { opened: 0, closed: 0, mails: 0 }
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      disableReverseLookup: true,
      onConnect: (_session, callback) => {
        connections.opened += 1
        callback()
      },
      onClose: () => {
        connections.closed += 1
      },
      onData: (stream, _session, callback) => {
        stream.resume()
        stream.on('end', () => {
          connections.mails += 1
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    closers.push(() => new Promise((resolve) => smtp.close(() => resolve())))
    const port = (smtp.server.address() as AddressInfo).port
    const server = await startTestServer({
      env: {
        CHARTER_MODE: 'production',
        APP_ID: 'charter-production',
        PUBLIC_URL: 'http://127.0.0.1',
        DATABASE_URL: 'postgres://unused.invalid/charter',
        AUTH_SECRET: '7c1e4a9f2d6b0e3a8c5f1d7b4e0a6c9f3b8d2e5a1c7f4b0d9e6a3c8f5b2d1e7a',
        WALLET_MASTER_KEY: '4f2a8c6e0b9d3f7a1c5e8b2d6f0a4c9e3b7d1f5a8c2e6b0d4f9a3c7e1b5d8f2a',
        // A pool keeps its connection open between messages: only closing the sender ends it.
        SMTP_URL: `smtp://127.0.0.1:${port}?pool=true`,
        EMAIL_FROM: 'codes@example.org',
      },
    })
    const answer = await fetch(`${server.url}/api/v1/passwordless/init`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'close-test@example.org' }),
    })
    expect(answer.status).toBe(200)
    expect(connections).toEqual({ opened: 1, closed: 0, mails: 1 })

    await server.close()
    await expect.poll(() => connections.closed, { timeout: 5_000 }).toBe(1)
  })
})

describe('a failed send, seen from the server', () => {
  it('answers 502 and logs the provider’s reason at warn, never the code', async () => {
    const twilio = await fakeTwilio(400, {
      code: 21_211,
      message: "The 'To' number is not a valid phone number.",
    })
    const server = await startTestServer({
      env: {
        CHARTER_MODE: 'production',
        APP_ID: 'charter-production',
        PUBLIC_URL: 'http://127.0.0.1',
        DATABASE_URL: 'postgres://unused.invalid/charter',
        AUTH_SECRET: '7c1e4a9f2d6b0e3a8c5f1d7b4e0a6c9f3b8d2e5a1c7f4b0d9e6a3c8f5b2d1e7a',
        WALLET_MASTER_KEY: '4f2a8c6e0b9d3f7a1c5e8b2d6f0a4c9e3b7d1f5a8c2e6b0d4f9a3c7e1b5d8f2a',
        TWILIO_ACCOUNT_SID: accountSid,
        TWILIO_AUTH_TOKEN: 'secret-token',
        TWILIO_FROM: '+15005550006',
        TWILIO_API_URL: twilio.url,
        SMS_ALLOWED_COUNTRIES: 'US',
      },
    })
    closers.push(() => server.close())
    const answer = await fetch(`${server.url}/api/v1/passwordless_sms/init`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumber: '+14155552671' }),
    })
    expect(answer.status).toBe(502)
    const code = twilio.received[0]?.form.get('Body')?.match(/\d{6}/)?.[0] as string
    const warning = server.logs.find((line) => line.includes('WARN') && line.includes('21211'))
    expect(warning).toContain('not a valid phone number')
    expect(server.logs.join('\n')).not.toContain(code)
  })
})
