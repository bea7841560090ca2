import { BaseError } from '@charter/core'

/** A path named a chain this server does not offer: 404, naming what it does offer. */
export class ChainNotOfferedError extends BaseError {
  override name = 'ChainNotOfferedError'
  readonly status = 404

  constructor(asked: string, offered: readonly (number | string)[]) {
    super(
      `This server offers no chain "${asked.slice(0, 40)}". It offers: ${offered.join(', ') || 'none'}.`,
      { code: 'not_found' },
    )
  }
}
