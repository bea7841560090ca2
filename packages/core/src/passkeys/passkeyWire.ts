/**
 * WebAuthn's JSON forms as the browser and @simplewebauthn write them (camelCase), and as Privy's passkey routes
 * carry them (snake_case: `raw_id`, `client_data_json`, `rp_id`…; docs/passkeys.md). The server writes its options
 * in Privy's shape and reads answers from it; the web turns them back for the browser. Binary fields are base64url
 * strings in both.
 */

type Descriptor = { type: string; id: string; transports?: string[] }

/** What `navigator.credentials.create` is asked, as JSON (PublicKeyCredentialCreationOptionsJSON). */
export type RegistrationOptionsJSON = {
  rp: { name: string; id?: string }
  user: { id: string; name: string; displayName: string }
  challenge: string
  pubKeyCredParams: { type: 'public-key'; alg: number }[]
  timeout?: number
  excludeCredentials?: Descriptor[]
  authenticatorSelection?: {
    authenticatorAttachment?: 'platform' | 'cross-platform'
    requireResidentKey?: boolean
    residentKey?: 'discouraged' | 'preferred' | 'required'
    userVerification?: 'discouraged' | 'preferred' | 'required'
  }
  attestation?: 'direct' | 'enterprise' | 'indirect' | 'none'
  extensions?: { credProps?: boolean }
}

/** What `navigator.credentials.get` is asked, as JSON (PublicKeyCredentialRequestOptionsJSON). */
export type AuthenticationOptionsJSON = {
  challenge: string
  timeout?: number
  rpId?: string
  allowCredentials?: Descriptor[]
  userVerification?: 'discouraged' | 'preferred' | 'required'
}

/** A new credential, as JSON (RegistrationResponseJSON). */
export type RegistrationResponseJSON = {
  id: string
  rawId: string
  type: 'public-key'
  response: {
    clientDataJSON: string
    attestationObject: string
    authenticatorData?: string
    transports?: string[]
    publicKey?: string
    publicKeyAlgorithm?: number
  }
  authenticatorAttachment?: 'platform' | 'cross-platform'
  clientExtensionResults: { credProps?: { rk?: boolean } }
}

/** An assertion, as JSON (AuthenticationResponseJSON). */
export type AuthenticationResponseJSON = {
  id: string
  rawId: string
  type: 'public-key'
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string }
  authenticatorAttachment?: 'platform' | 'cross-platform'
  clientExtensionResults: { credProps?: { rk?: boolean } }
}

type WireDescriptor = { type: string; id: string; transports?: string[] }

/** Privy's `PasskeyAuthenticatorEnrollmentOptions`. */
export type WireRegistrationOptions = {
  rp: { name: string; id?: string }
  user: { id: string; name: string; display_name: string }
  challenge: string
  pub_key_cred_params: { type: 'public-key'; alg: number }[]
  timeout?: number
  exclude_credentials?: WireDescriptor[]
  authenticator_selection?: {
    authenticator_attachment?: 'platform' | 'cross-platform'
    require_resident_key?: boolean
    resident_key?: 'discouraged' | 'preferred' | 'required'
    user_verification?: 'discouraged' | 'preferred' | 'required'
  }
  attestation?: 'direct' | 'enterprise' | 'indirect' | 'none'
  extensions?: { cred_props?: { rk?: boolean } }
}

/** Privy's `PasskeyAuthenticatorVerifyOptions`. */
export type WireAuthenticationOptions = {
  challenge: string
  timeout?: number
  rp_id?: string
  allow_credentials?: WireDescriptor[]
  user_verification?: 'discouraged' | 'preferred' | 'required'
}

/** Privy's `PasskeyAuthenticatorEnrollmentResponse`. */
export type WireRegistrationResponse = {
  id: string
  raw_id: string
  type: 'public-key'
  response: {
    client_data_json: string
    attestation_object: string
    authenticator_data?: string
    transports?: string[]
    public_key?: string
    public_key_algorithm?: number
  }
  authenticator_attachment?: 'platform' | 'cross-platform'
  client_extension_results: { cred_props?: { rk?: boolean } }
}

/** Privy's `PasskeyAuthenticatorVerifyResponse`. */
export type WireAuthenticationResponse = {
  id: string
  raw_id: string
  type: 'public-key'
  response: { client_data_json: string; authenticator_data: string; signature: string; user_handle?: string }
  authenticator_attachment?: 'platform' | 'cross-platform'
  client_extension_results: { cred_props?: { rk?: boolean } }
}

/** Drops the keys whose value is undefined, so an absent field stays absent on the wire. */
function defined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, each]) => each !== undefined)) as T
}

const descriptors = (list: Descriptor[] | WireDescriptor[] | undefined) =>
  list?.map((each) => defined({ type: each.type, id: each.id, transports: each.transports }))

export function registrationOptionsToWire(options: RegistrationOptionsJSON): WireRegistrationOptions {
  const selection = options.authenticatorSelection
  return defined({
    rp: options.rp,
    user: { id: options.user.id, name: options.user.name, display_name: options.user.displayName },
    challenge: options.challenge,
    pub_key_cred_params: options.pubKeyCredParams,
    timeout: options.timeout,
    exclude_credentials: descriptors(options.excludeCredentials),
    authenticator_selection:
      selection &&
      defined({
        authenticator_attachment: selection.authenticatorAttachment,
        require_resident_key: selection.requireResidentKey,
        resident_key: selection.residentKey,
        user_verification: selection.userVerification,
      }),
    attestation: options.attestation,
    extensions: options.extensions?.credProps ? { cred_props: { rk: true } } : undefined,
  })
}

export function registrationOptionsFromWire(options: WireRegistrationOptions): RegistrationOptionsJSON {
  const selection = options.authenticator_selection
  return defined({
    rp: options.rp,
    user: { id: options.user.id, name: options.user.name, displayName: options.user.display_name },
    challenge: options.challenge,
    pubKeyCredParams: options.pub_key_cred_params,
    timeout: options.timeout,
    excludeCredentials: descriptors(options.exclude_credentials),
    authenticatorSelection:
      selection &&
      defined({
        authenticatorAttachment: selection.authenticator_attachment,
        requireResidentKey: selection.require_resident_key,
        residentKey: selection.resident_key,
        userVerification: selection.user_verification,
      }),
    attestation: options.attestation,
    extensions: options.extensions?.cred_props ? { credProps: true } : undefined,
  })
}

export function authenticationOptionsToWire(options: AuthenticationOptionsJSON): WireAuthenticationOptions {
  return defined({
    challenge: options.challenge,
    timeout: options.timeout,
    rp_id: options.rpId,
    allow_credentials: descriptors(options.allowCredentials),
    user_verification: options.userVerification,
  })
}

export function authenticationOptionsFromWire(options: WireAuthenticationOptions): AuthenticationOptionsJSON {
  return defined({
    challenge: options.challenge,
    timeout: options.timeout,
    rpId: options.rp_id,
    allowCredentials: descriptors(options.allow_credentials),
    userVerification: options.user_verification,
  })
}

export function registrationResponseToWire(response: RegistrationResponseJSON): WireRegistrationResponse {
  const { response: r } = response
  return defined({
    id: response.id,
    raw_id: response.rawId,
    type: response.type,
    response: defined({
      client_data_json: r.clientDataJSON,
      attestation_object: r.attestationObject,
      authenticator_data: r.authenticatorData,
      transports: r.transports,
      public_key: r.publicKey,
      public_key_algorithm: r.publicKeyAlgorithm,
    }),
    authenticator_attachment: response.authenticatorAttachment,
    client_extension_results: defined({ cred_props: response.clientExtensionResults.credProps }),
  })
}

export function registrationResponseFromWire(response: WireRegistrationResponse): RegistrationResponseJSON {
  const { response: r } = response
  return defined({
    id: response.id,
    rawId: response.raw_id,
    type: response.type,
    response: defined({
      clientDataJSON: r.client_data_json,
      attestationObject: r.attestation_object,
      authenticatorData: r.authenticator_data,
      transports: r.transports,
      publicKey: r.public_key,
      publicKeyAlgorithm: r.public_key_algorithm,
    }),
    authenticatorAttachment: response.authenticator_attachment,
    clientExtensionResults: defined({ credProps: response.client_extension_results.cred_props }),
  })
}

export function authenticationResponseToWire(
  response: AuthenticationResponseJSON,
): WireAuthenticationResponse {
  const { response: r } = response
  return defined({
    id: response.id,
    raw_id: response.rawId,
    type: response.type,
    response: defined({
      client_data_json: r.clientDataJSON,
      authenticator_data: r.authenticatorData,
      signature: r.signature,
      user_handle: r.userHandle,
    }),
    authenticator_attachment: response.authenticatorAttachment,
    client_extension_results: defined({ cred_props: response.clientExtensionResults.credProps }),
  })
}

export function authenticationResponseFromWire(
  response: WireAuthenticationResponse,
): AuthenticationResponseJSON {
  const { response: r } = response
  return defined({
    id: response.id,
    rawId: response.raw_id,
    type: response.type,
    response: defined({
      clientDataJSON: r.client_data_json,
      authenticatorData: r.authenticator_data,
      signature: r.signature,
      userHandle: r.user_handle,
    }),
    authenticatorAttachment: response.authenticator_attachment,
    clientExtensionResults: defined({ credProps: response.client_extension_results.cred_props }),
  })
}
