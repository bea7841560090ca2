export { BaseError, type BaseErrorOptions } from './errors/BaseError.ts'
export { type Logger, silentLogger } from './logger.ts'
