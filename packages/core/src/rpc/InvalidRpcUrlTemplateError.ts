import { BaseError } from '../errors/BaseError.ts'

const expected =
  'Expected an absolute http(s) URL or a path starting with "/", containing {chainId}, ' +
  'e.g. "https://charter.example.org/api/v1/rpc/{chainId}".'

export class InvalidRpcUrlTemplateError extends BaseError {
  override name = 'InvalidRpcUrlTemplateError'

  // The template itself is left out of the message: RPC URLs often carry an API key in the path or query.
  constructor(options: { reason: string; cause?: unknown }) {
    super('The provider RPC URL is not a usable template', {
      details: `${options.reason} ${expected}`,
      cause: options.cause,
      code: 'invalid_rpc_url_template',
    })
  }
}
