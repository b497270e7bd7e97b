/** An error in what the user gave us (file, parameter, option). The CLI prints its
 *  message alone (no stack trace) and exits non-zero. */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InputError";
  }
}
