/** An error in what the user gave us (file, parameter, option). The CLI prints its
 *  message alone (no stack trace) and exits non-zero. */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InputError";
  }
}

/** A run that cannot fit in the memory it may use (the --max-memory bound, or the engine's own
 *  memory running out): reported like bad input, one line and exit 2. */
export class ResourceError extends InputError {
  constructor(message: string) {
    super(message);
    this.name = "ResourceError";
  }
}
