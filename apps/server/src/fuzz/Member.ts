import { generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto'
import { base58 } from '@scure/base'
import { ApiClient, uniqueEmail, uniquePhoneNumber } from '../testing/ApiClient.ts'
import { WalletCaller } from '../testing/WalletCaller.ts'
import { JsonEntries, type Placeholder, type SolanaTransactionSpec } from './jsonText.ts'

type Wallet = { id: string; address: string; chain_type: 'ethereum' | 'solana' }

/** The member's session (`main`) and its second one, signed in without a device key. */
export type SessionKind = 'main' | 'keyless'

/** A live session of the member: its cookie and tokens, its device key, its first wallets. */
export type MemberSession = {
  api: ApiClient
  caller: WalletCaller
  /** `charter-session=…` */
  cookie: string
  accessToken: string
  refreshToken: string
  userId: string
  evm: Wallet
  solana: Wallet
  /** The session's id, as GET /api/v1/sessions lists it; looked up when a case first needs it. */
  id?: string
}

const spki = (key: KeyObject) => key.export({ format: 'der', type: 'spki' }).toString('base64')
let otherKeys: { wrongCurve: string; ed25519: string } | undefined
const solanaMethods = new Set(['signMessage', 'signTransaction'])

function compactU16(value: number): number[] {
  const bytes: number[] = []
  let rest = value
  do {
    const low = rest & 0x7f
    rest >>= 7
    bytes.push(rest > 0 ? low | 0x80 : low)
  } while (rest > 0)
  return bytes
}

/**
 * The fuzz suite's signed-in member, as a browser would be: signed in by email through the dev outbox, its
 * session born bound to a P-256 device key that signs wallet requests (unless the route under test binds the key
 * itself). It signs in again after a case ended its session, and gives the values of a case's placeholders.
 */
export class Member {
  readonly email = uniqueEmail()
  readonly phone = uniquePhoneNumber()
  readonly baseUrl: string
  readonly deviceKey: boolean
  #session: Promise<MemberSession> | undefined
  #keyless: Promise<MemberSession> | undefined

  constructor(baseUrl: string, options: { deviceKey: boolean }) {
    this.baseUrl = baseUrl
    this.deviceKey = options.deviceKey
  }

  /** The member's session: born bound to its device key, unless the route under test binds one itself. */
  session(): Promise<MemberSession> {
    if (!this.#session) {
      this.#session = this.#signIn(this.deviceKey)
      this.#session.catch(() => this.spend('main'))
    }
    return this.#session
  }

  /** A second session of the member, signed in without a device key (as an SDK client would). */
  keylessSession(): Promise<MemberSession> {
    if (!this.#keyless) {
      this.#keyless = this.#signIn(false)
      this.#keyless.catch(() => this.spend('keyless'))
    }
    return this.#keyless
  }

  /** The last case may have ended, rotated or filled this session: the next case to need it signs in afresh. */
  spend(which: SessionKind) {
    if (which === 'main') this.#session = undefined
    else this.#keyless = undefined
  }

  async #signIn(withKey: boolean): Promise<MemberSession> {
    const api = new ApiClient(this.baseUrl)
    const caller = new WalletCaller(api)
    const answer = withKey ? await caller.signIn('email', this.email) : await api.signInByEmail(this.email)
    if (answer.status !== 200 || !api.cookie) {
      throw new Error(`the fuzz member could not sign in: ${answer.status} ${answer.text}`)
    }
    const wallets: Wallet[] = answer.body.user.linked_accounts.filter(
      (account: { type: string }) => account.type === 'wallet',
    )
    const evm = wallets.find((wallet) => wallet.chain_type === 'ethereum')
    const solana = wallets.find((wallet) => wallet.chain_type === 'solana')
    if (!evm || !solana) throw new Error(`the fuzz member has no wallets: ${answer.text}`)
    return {
      api,
      caller,
      cookie: api.cookie,
      accessToken: answer.body.token,
      refreshToken: answer.body.refresh_token,
      userId: answer.body.user.id,
      evm,
      solana,
    }
  }

  /**
   * The value a placeholder stands for, now. `context.method` is the signing method of the body, for the
   * wallet that can run it.
   */
  async resolve(
    placeholder: Placeholder,
    other: Member,
    context: { method?: unknown } = {},
  ): Promise<unknown> {
    switch (placeholder.name) {
      case 'member.walletForMethod': {
        const session = await this.session()
        return solanaMethods.has(String(context.method)) ? session.solana.id : session.evm.id
      }
      case 'member.email':
        return this.email
      case 'member.phone':
        return this.phone
      case 'member.refreshToken':
        return (await this.session()).refreshToken
      case 'member.sessionId':
        return this.#liveSessionId('main')
      case 'member.spareSessionId':
        return this.#idOf(await this.#signIn(false))
      case 'other.sessionId':
        return other.#liveSessionId('main')
      case 'member.evmWallet':
        return (await this.session()).evm.id
      case 'member.solanaWallet':
        return (await this.session()).solana.id
      case 'member.evmAddress': {
        // `lowercase`: the same address as a client that does not checksum it sends it.
        const { address } = (await this.session()).evm
        return placeholder.options.lowercase ? address.toLowerCase() : address
      }
      case 'member.solanaAddress':
        return (await this.session()).solana.address
      case 'member.userId':
        return (await this.session()).userId
      case 'fresh.userId': {
        // A user of its own, for a case that may delete it.
        const answer = await new ApiClient(this.baseUrl).signInByEmail(uniqueEmail())
        return answer.body.user.id
      }
      case 'member.publicKey':
        return (await this.session()).caller.publicKeySpki
      case 'member.exportCode':
        return this.#exportCode()
      case 'member.registerKeyCode':
        return this.#registerKeyCode()
      case 'other.evmWallet':
        return (await other.session()).evm.id
      case 'fresh.email':
        return uniqueEmail()
      case 'fresh.phone':
        return uniquePhoneNumber()
      case 'fresh.publicKey':
        return spki(generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey)
      case 'wrongCurve.publicKey':
        return this.#otherKeys().wrongCurve
      case 'ed25519.publicKey':
        return this.#otherKeys().ed25519
      case 'fresh.idempotencyKey':
        return `fuzz-${randomUUID()}`
      case 'future.expiry':
        return String(Date.now() + 60_000)
      case 'farFuture.expiry':
        return String(Date.now() + 31 * 60_000)
      case 'link.email':
      case 'link.sms':
        return this.#linkBody(placeholder.name === 'link.sms' ? 'sms' : 'email')
      case 'signIn.email':
      case 'signIn.sms':
        return this.#signInBody(placeholder.name === 'signIn.sms' ? 'sms' : 'email', placeholder.options)
      case 'solanaTransaction':
        return this.#solanaTransaction(placeholder.options as SolanaTransactionSpec)
    }
  }

  /** The id of the member's session of this kind, signed in again if a case ended it unnoticed. */
  async #liveSessionId(kind: SessionKind): Promise<string> {
    const session = await (kind === 'main' ? this.session() : this.keylessSession())
    const id = await this.#idOf(session)
    if (id !== undefined) return id
    this.spend(kind)
    const again = await this.#idOf(await (kind === 'main' ? this.session() : this.keylessSession()))
    if (again === undefined) throw new Error('the fuzz member could not list the sessions of a new sign-in')
    return again
  }

  /**
   * A session's id (a spare one is signed in for a case to end): the one GET /api/v1/sessions marks current
   * when the session asks; undefined when it has ended.
   */
  async #idOf(session: MemberSession): Promise<string | undefined> {
    if (session.id === undefined) {
      const listed = await session.api.get('/api/v1/sessions')
      const current = listed.body?.sessions?.find((each: { current?: boolean }) => each.current)
      if (!current) return undefined
      session.id = String(current.id)
    }
    return session.id
  }

  #otherKeys() {
    otherKeys ??= {
      wrongCurve: spki(generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).publicKey),
      ed25519: spki(generateKeyPairSync('ed25519').publicKey),
    }
    return otherKeys
  }

  /**
   * A fresh code that exports the member's Ethereum wallet from this session, from the dev outbox (000000 when
   * none can be had, say while throttled or cooling down).
   */
  async #exportCode(): Promise<string> {
    const session = await this.session()
    if (!this.deviceKey) return '000000'
    const sent = await session.caller.post(`/api/v1/wallets/${session.evm.id}/export/init`, {})
    if (sent.status !== 200) return '000000'
    return session.api.codeFor(this.email)
  }

  /** A fresh code that lets this session (born without a device key) bind one; 000000 when none can be had. */
  async #registerKeyCode(): Promise<string> {
    const session = await this.session()
    const sent = await session.api.post('/api/v1/step_up/init', { action: 'register_key' })
    if (sent.status !== 200) return '000000'
    return session.api.codeFor(this.email)
  }

  /** A body that links a new address: the address and the real code the dev outbox got for it. */
  async #linkBody(channel: 'sms' | 'email'): Promise<JsonEntries> {
    const api = new ApiClient(this.baseUrl)
    const field = channel === 'sms' ? 'phoneNumber' : 'email'
    const address = channel === 'sms' ? uniquePhoneNumber() : uniqueEmail()
    const path = `/api/v1/${channel === 'sms' ? 'passwordless_sms' : 'passwordless'}/init`
    const init = await api.post(path, { [field]: address, purpose: 'link' })
    const code = init.status === 200 ? await api.codeFor(address) : '000000'
    return new JsonEntries([
      [field, address],
      ['code', code],
    ])
  }

  /** A body that signs a new address in: its address and the real code the dev outbox got for it. */
  async #signInBody(channel: 'sms' | 'email', options: Record<string, unknown>): Promise<JsonEntries> {
    const api = new ApiClient(this.baseUrl)
    const field = channel === 'sms' ? 'phoneNumber' : 'email'
    const address = channel === 'sms' ? uniquePhoneNumber() : uniqueEmail()
    const init = await api.post(`/api/v1/${channel === 'sms' ? 'passwordless_sms' : 'passwordless'}/init`, {
      [field]: address,
    })
    const code = init.status === 200 ? await api.codeFor(address) : '000000'
    const entries: [string, unknown][] = [
      [field, address],
      ['code', code],
    ]
    if (options.mode !== undefined) entries.push(['mode', options.mode])
    if (options.deviceKey) {
      entries.push([
        'authorization_key',
        spki(generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey),
      ])
    }
    return new JsonEntries(entries)
  }

  /** The base64 wire transaction a spec describes, with the member's Solana key among its accounts. */
  async #solanaTransaction(spec: SolanaTransactionSpec): Promise<string> {
    const memberKey = base58.decode((await this.session()).solana.address)
    const accounts = spec.requiredSignatures + spec.extraAccounts
    const keys = Array.from({ length: accounts }, (_, index) =>
      index === spec.memberAt ? [...memberKey] : new Array<number>(32).fill(index + 1),
    )
    const message = [
      ...(spec.version === null ? [] : [0x80 | spec.version]),
      spec.requiredSignatures,
      0,
      Math.min(1, spec.extraAccounts),
      ...compactU16(accounts),
      ...keys.flat(),
      ...new Array<number>(32).fill(7),
      ...spec.tail,
    ]
    const slots = Math.max(0, spec.requiredSignatures + spec.slotsDelta)
    const wire = [...compactU16(slots), ...new Array<number>(64 * slots).fill(0), ...message]
    return Buffer.from(wire.slice(0, Math.max(0, wire.length - spec.cut))).toString('base64')
  }
}
