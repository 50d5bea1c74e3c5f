// Typed application errors. Services throw these; the error plugin maps them to HTTP once.

export abstract class AppError extends Error {
  abstract readonly statusCode: number;
  /** Validation problems may carry one message per problem. */
  readonly messages: readonly string[] | undefined;
  constructor(message: string | readonly string[]) {
    super(typeof message === 'string' ? message : message.join('\n'));
    this.messages = typeof message === 'string' ? undefined : message;
  }
}

export class Invalid extends AppError {
  readonly statusCode = 400;
}
export class Unauthorized extends AppError {
  readonly statusCode = 401;
}
export class Forbidden extends AppError {
  readonly statusCode = 403;
}
export class NotFound extends AppError {
  readonly statusCode = 404;
}
export class Conflict extends AppError {
  readonly statusCode = 409;
}
/** 410: the link or token was real but its time is over. */
export class Gone extends AppError {
  readonly statusCode = 410;
}
export class TooLarge extends AppError {
  readonly statusCode = 413;
}

export class TooManyRequests extends AppError {
  readonly statusCode = 429;
  constructor(
    message: string,
    /** Seconds until another attempt may succeed; sent as Retry-After. */
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
